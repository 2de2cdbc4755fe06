// Renders src/facts.ts: the facts of the spec the client needs at run time, read through the spec's model
// (@cloud-contract/spec/document), so that a change of the spec cannot leave them behind.
import { loadDocument } from "@cloud-contract/spec/document";

const BANNER = `/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/facts.mjs — do not edit.
 * Change the spec under spec/ and run \`pnpm generate\`; a test fails when this file is stale.
 */
`;

/**
 * Returns the contents src/operation-ids.ts should have for the current bundle: a module of its own (and a
 * subpath export), so that the client can load it only when it needs it (a failed call, a checked answer).
 */
export function renderOperationIds(model = loadDocument()) {
  return [
    BANNER,
    'import type { operations } from "./schema.js";',
    "",
    "/** The operationId of each `METHOD /path/template` of the API. */",
    "export const OPERATION_IDS = {",
    ...model.operations.map((op) =>
      entry(JSON.stringify(`${op.method} ${op.path}`), JSON.stringify(op.operationId)),
    ),
    "} as const satisfies Record<string, keyof operations>;",
    "",
  ].join("\n");
}

/** Returns the contents src/facts.ts should have for the current bundle. */
export function renderFacts(model = loadDocument()) {
  const pageLimits = [];
  const joined = new Set();
  const repeated = new Set();
  for (const op of model.operations) {
    const query = op.parameters.filter((p) => p.in === "query");
    const limit = query.find((p) => p.name === "limit");
    if (op.method === "GET" && limit && query.some((p) => p.name === "offset")) {
      const maximum = model.resolve(limit.schema).maximum;
      pageLimits.push([op.path, typeof maximum === "number" ? maximum : undefined]);
    }
    for (const p of query) {
      if (model.resolve(p.schema).type === "array") (p.explode === false ? joined : repeated).add(p.name);
    }
  }
  const bodyOptional = model.operations.flatMap((op) =>
    Object.entries(op.responses)
      .filter(([, response]) => response.bodyOptional)
      .map(([status]) => `${op.method} ${op.path} ${status}`),
  );
  const clash = [...joined].filter((name) => repeated.has(name));
  if (clash.length > 0) {
    throw new Error(
      `query parameters ${clash.join(", ")} are comma-joined in one operation and repeated in another: ` +
        "the client serializes arrays by parameter name, so give them different names",
    );
  }
  return [
    BANNER,
    "/**",
    " * The limit/offset lists of the API (GET operations taking `limit` and `offset`) and the largest page each",
    " * serves: its `limit` maximum in the spec, `undefined` where the spec states none.",
    " */",
    "export const PAGE_SIZE_LIMITS = {",
    ...pageLimits.map(
      ([path, max]) => `  ${JSON.stringify(path)}: ${max === undefined ? "undefined" : max},`,
    ),
    "} as const;",
    "",
    "/**",
    " * Query parameters whose arrays go comma-joined in one parameter (`explode: false` in the spec, e.g.",
    " * `ordering=plan_id,-id`); every other array goes as repeated parameters.",
    " */",
    `export const COMMA_JOINED_PARAMS = ${JSON.stringify([...joined].sort())} as const;`,
    "",
    "/**",
    " * Answers the API may send with no body although the spec documents one (`x-body-optional` on the",
    " * response), as `METHOD path status`: the client returns them as no data.",
    " */",
    `export const BODY_OPTIONAL_ANSWERS = ${JSON.stringify(bodyOptional)} as const;`,
    "",
  ].join("\n");
}

/** One `key: value,` line of an object, wrapped as the formatter (Biome, 110 columns) wraps it. */
function entry(key, value) {
  const line = `  ${key}: ${value},`;
  return line.length <= 110 ? line : `  ${key}:\n    ${value},`;
}
