// The JSON Schema of a snapshot document, made from the entity declarations: each kind's items are what
// its contract says (the schema of the answer that carries it, or the kind's own schema).
import type { DocumentModel } from "@cloud-contract/spec/model";
import { itemAt } from "../../lists.js";
import { declarationOf, ENTITY_KINDS } from "../entities.js";
import type { EntityContract } from "../services/entity-kind.js";
import { COUNTER_NAMES, SNAPSHOT_SECTIONS } from "../services/services.js";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from "./format.js";

/** The schema an entity's contract names: the JSON body `status` of `operationId` documents, or its own. */
export function contractSchema(model: DocumentModel, contract: EntityContract): object {
  if ("schema" in contract) return contract.schema;
  const { operationId, status } = contract.answer;
  const schema =
    model.operation(operationId).responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${operationId} documents no JSON body for ${status}`);
  return schema;
}

/**
 * The snapshot document's schema; its `$ref`s point into the spec's components (`#/components/schemas/…`), so
 * the spec model compiles it as it is ({@link publishedSnapshotSchema} makes it stand alone).
 */
export function snapshotSchema(model: DocumentModel): object {
  const kinds: Record<string, object> = {};
  for (const kind of ENTITY_KINDS) {
    kinds[kind] = { type: "array", items: contractSchema(model, declarationOf(kind).contract) };
  }
  return {
    title: "Sandbox snapshot",
    description: "A tenant's world of the cloud-contract sandbox: its entities, clock and running tasks.",
    type: "object",
    required: ["format", "version", "seed", "clock", "entities"],
    properties: {
      format: { const: SNAPSHOT_FORMAT },
      version: { type: "integer", minimum: 1, maximum: SNAPSHOT_VERSION },
      seed: { type: ["integer", "string"] },
      clock: {
        type: "object",
        required: ["mode", "now"],
        properties: {
          mode: { type: "string", enum: ["real", "manual"] },
          now: { type: "string", format: "date-time" },
        },
        additionalProperties: false,
      },
      entities: { type: "object", properties: kinds, additionalProperties: false },
      ...Object.assign({}, ...SNAPSHOT_SECTIONS.map(({ section }) => section.properties)),
      faults: {
        type: "array",
        description: "Armed faults, as the sandbox's control API lists them (its Fault).",
        items: { type: "object" },
      },
      overrides: {
        type: "array",
        description: "Armed overrides, as the sandbox's control API lists them (its Override).",
        items: { type: "object" },
      },
      counters: {
        type: "object",
        properties: Object.fromEntries(COUNTER_NAMES.map((name) => [name, { type: "integer", minimum: 1 }])),
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

const COMPONENT_REF = "#/components/schemas/";

/**
 * The snapshot schema as a file of its own (JSON Schema 2020-12): the spec's components it uses, directly or
 * through each other, are copied under `$defs`.
 */
export function publishedSnapshotSchema(model: DocumentModel, id: string): object {
  const schemas = (model.doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const defs: Record<string, unknown> = {};
  const pending = [snapshotSchema(model)];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const match of JSON.stringify(next).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      const name = itemAt(match, 1);
      if (name in defs) continue;
      defs[name] = schemas[name];
      pending.push(schemas[name] as object);
    }
  }
  const text = JSON.stringify({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: id,
    ...snapshotSchema(model),
    $defs: defs,
  });
  return JSON.parse(text.replaceAll(`"$ref":"${COMPONENT_REF}`, '"$ref":"#/$defs/'));
}
