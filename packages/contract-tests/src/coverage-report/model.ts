// What a run can exercise, from the spec, and what one exchange exercised. Five kinds of item:
// operations, documented statuses (per operation), oneOf branches and enum values of request bodies
// and query filters (per operation and location), and the spec's links followed (stateful sequences). Item keys are plain strings, so that the items of
// several runs (shards) merge by union.
import { type OpenApiDocument, openDocument } from "@cloud-contract/spec/document";
import type { Judge } from "../judge.js";
import { type RequestModel, requestModels, resolveSchema, type Schema } from "../request-model.js";
import { objectMembers, propertiesOf, subschema, subschemas, typesOf } from "../schema-keywords.js";
import { branchLabels, enumLabel, sitesOf } from "./walk.js";

export const COVERAGE_KINDS = [
  "operations",
  "statuses",
  "oneOfBranches",
  "enumValues",
  "linksFollowed",
] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

/** One value per kind. */
export function perKind<T>(of: (kind: CoverageKind) => T): Record<CoverageKind, T> {
  return {
    operations: of("operations"),
    statuses: of("statuses"),
    oneOfBranches: of("oneOfBranches"),
    enumValues: of("enumValues"),
    linksFollowed: of("linksFollowed"),
  };
}

/** What one exchange showed: the request as sent and the documented status it got (if any). */
export interface Observation {
  operationId: string;
  query: URLSearchParams;
  /** The parsed JSON body of the request, undefined when none. */
  body: unknown;
  /** The documented status key that matched the answer ("200", "4XX"); undefined for none. */
  documentedAs?: string | undefined;
}

export interface CoverageModel {
  /** Every item of each kind, as documented by the spec. */
  documented: Record<CoverageKind, string[]>;
  /** The item keys one exchange exercised. */
  hitsOf(observation: Observation): string[];
}

/** `createBareMetalServers 200 GetTask → getTask`: one link of the spec, followed by a stateful sequence. */
export const linkKey = (operationId: string, status: string, name: string, target: string) =>
  `${operationId} ${status} ${name} → ${target}`;
/** `listActiveTasks query.task_type/[] = create_bm` */
export const enumKey = (operationId: string, location: string, value: unknown) =>
  `${operationId} ${location} = ${enumLabel(value)}`;
/** `previewInstancePrice body/interfaces/[] branch external` */
export const branchKey = (operationId: string, location: string, label: string) =>
  `${operationId} ${location} branch ${label}`;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A query value as its schema types it: "10" → 10 for integers, "true" → true for booleans. */
function coerce(doc: OpenApiDocument, raw: Schema, value: string): unknown {
  const schema = resolveSchema(doc, raw);
  const types = typesOf(schema);
  if ((types.includes("integer") || types.includes("number")) && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  if (types.includes("null") && value === "null") return null;
  return value;
}

/** The value of a query parameter as its schema types it (arrays repeat the parameter). */
export function queryValue(doc: OpenApiDocument, schema: Schema, values: string[]): unknown {
  const resolved = resolveSchema(doc, schema);
  if (typesOf(resolved).includes("array")) {
    const items = subschema(resolved, "items") ?? {};
    return values.map((v) => coerce(doc, items, v));
  }
  return coerce(doc, schema, values[0] ?? "");
}

export function createCoverageModel(judge: Judge): CoverageModel {
  const { doc } = judge;
  const models = new Map<string, RequestModel>(requestModels(doc).map((m) => [m.operationId, m]));
  const spec = openDocument(doc);
  const documented: Record<CoverageKind, string[]> = {
    operations: [],
    statuses: [],
    oneOfBranches: [],
    enumValues: [],
    linksFollowed: [],
  };
  const add = (kind: CoverageKind, key: string) => {
    if (!documented[kind].includes(key)) documented[kind].push(key);
  };
  for (const operation of judge.operations) {
    add("operations", operation.operationId);
    for (const status of operation.statuses) add("statuses", `${operation.operationId} ${status}`);
    for (const link of spec.operation(operation.operationId).links) {
      add("linksFollowed", linkKey(operation.operationId, link.status, link.name, link.operationId));
    }
    const model = models.get(operation.operationId);
    if (!model) continue;
    const roots: Array<[Schema, string]> = model.parameters
      .filter((p) => p.in === "query")
      .map((p) => [p.schema, `query.${p.name}`]);
    if (model.body) roots.push([model.body.schema, "body"]);
    for (const [schema, location] of roots) {
      for (const site of sitesOf(doc, schema, location)) {
        if (site.kind === "enum") {
          for (const value of site.values) {
            add("enumValues", enumKey(operation.operationId, site.location, value));
          }
        } else {
          for (const { label } of site.branches) {
            add("oneOfBranches", branchKey(operation.operationId, site.location, label));
          }
        }
      }
    }
  }

  /** The enum and oneOf items a value exercises at a location of a schema. */
  function valueHits(operationId: string, raw: Schema, value: unknown, location: string, hits: Set<string>) {
    const schema = resolveSchema(doc, raw);
    if (Array.isArray(schema.enum) && schema.enum.some((v) => sameValue(v, value))) {
      hits.add(enumKey(operationId, location, value));
    }
    if (Array.isArray(schema.oneOf)) {
      for (const branch of branchLabels(doc, schema)) {
        if (judge.schemaErrors(branch.schema, value).length > 0) continue;
        hits.add(branchKey(operationId, location, branch.label));
        valueHits(operationId, branch.schema, value, location, hits);
      }
    }
    for (const branch of subschemas(schema, "anyOf") ?? []) {
      if (judge.schemaErrors(branch, value).length === 0)
        valueHits(operationId, branch, value, location, hits);
    }
    for (const branch of subschemas(schema, "allOf") ?? []) {
      valueHits(operationId, branch, value, location, hits);
    }
    const members = objectMembers(value);
    if (members !== undefined) {
      for (const [name, property] of Object.entries(propertiesOf(schema))) {
        if (name in members) valueHits(operationId, property, members[name], `${location}/${name}`, hits);
      }
    }
    const items = subschema(schema, "items");
    if (Array.isArray(value) && items !== undefined) {
      for (const item of value) valueHits(operationId, items, item, `${location}/[]`, hits);
    }
  }

  function hitsOf(observation: Observation): string[] {
    const { operationId } = observation;
    const model = models.get(operationId);
    const hits = new Set<string>([operationId]);
    if (observation.documentedAs !== undefined) hits.add(`${operationId} ${observation.documentedAs}`);
    for (const parameter of model?.parameters ?? []) {
      if (parameter.in !== "query") continue;
      const values = observation.query.getAll(parameter.name);
      if (values.length === 0) continue;
      const value = queryValue(doc, parameter.schema, values);
      valueHits(operationId, parameter.schema, value, `query.${parameter.name}`, hits);
    }
    if (model?.body && observation.body !== undefined) {
      valueHits(operationId, model.body.schema, observation.body, "body", hits);
    }
    return [...hits];
  }

  return { documented, hitsOf };
}
