// The twins of every row of the edit-space table: for a keyword row, its tighter and its looser edit in each
// placement (where on the wire × how the schema is nested); for a document row, its breaking and its harmless
// edit of one small spec. Each twin is a pair of specs and the verdict the gate owes it.
import type { Json } from "../src/diff/types.js";
import {
  COMPONENTS,
  DOCUMENT_ROWS,
  type Edit,
  KEYWORD_ROWS,
  type KeywordRow,
  NESTINGS,
  type Nesting,
  SCALAR_NESTINGS,
  type Verdict,
  WIRES,
  type Wire,
} from "./table.js";

export interface Twin {
  /** `maxLength | request body | inside oneOf | tighter` */
  id: string;
  keyword: string;
  placement: string;
  edit: string;
  expected: Verdict;
  before: Json;
  after: Json;
}

const json = (schema: Json) => ({ "application/json": { schema } });
const str = { type: "string" };

/** The small spec every twin edits: one operation with a query array, a header, a body and two statuses. */
export function baseSpec(): Json {
  return {
    openapi: "3.1.0",
    info: { title: "edit space", version: "1" },
    servers: [{ url: "https://api.example.com", description: "Production" }],
    security: [{ ApiKey: [] }],
    paths: {
      "/things": {
        post: {
          operationId: "makeThing",
          parameters: [
            {
              name: "tags",
              in: "query",
              schema: { type: "array", items: { type: "string", maxLength: 10 } },
            },
            { name: "X-Trace", in: "header", required: true, schema: str },
          ],
          requestBody: { content: json({ $ref: "#/components/schemas/Thing" }) },
          responses: {
            "200": {
              description: "ok",
              headers: { "X-Id": { required: true, schema: str }, "X-Trace": { schema: str } },
              content: json({ $ref: "#/components/schemas/Thing" }),
            },
            "404": { description: "missing" },
          },
        },
        put: {
          operationId: "replaceThing",
          requestBody: { required: true, content: json({ $ref: "#/components/schemas/Thing" }) },
          responses: { "204": { description: "replaced" } },
        },
      },
    },
    components: {
      schemas: {
        Thing: { type: "object", properties: { name: str } },
        Base: { description: "anything" },
        Other: { type: "object", required: ["zz_other"], properties: { zz_other: { const: true } } },
        ...structuredClone(COMPONENTS),
      },
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Authorization" },
        Bearer: { type: "http", scheme: "bearer" },
      },
    },
  };
}

/** The target schema nested as the placement says (components it needs go into `schemas`). */
function nest(nesting: Nesting, target: Json, schemas: Json): Json {
  switch (nesting) {
    case "inline":
      return target;
    case "behind $ref":
      schemas.Target = target;
      return { $ref: "#/components/schemas/Target" };
    case "beside $ref":
      return { $ref: "#/components/schemas/Base", ...target };
    case "inside allOf":
      return { allOf: [{ $ref: "#/components/schemas/Base" }, target] };
    case "inside anyOf":
      return { anyOf: [target, { $ref: "#/components/schemas/Other" }] };
    case "inside oneOf":
      return { oneOf: [target, { $ref: "#/components/schemas/Other" }] };
    case "inside additionalProperties":
      return { type: "object", properties: { id: str }, additionalProperties: target };
    case "inside unevaluatedProperties":
      return { type: "object", properties: { id: str }, unevaluatedProperties: target };
    case "inside patternProperties":
      return { type: "object", properties: { id: str }, patternProperties: { "^x_": target } };
    case "inside prefixItems":
      return { type: "array", prefixItems: [str, target] };
    case "inside then":
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a promise
      return { type: "object", if: { required: ["kind"] }, then: { properties: { v: target } } };
    case "inside else":
      return { type: "object", if: { required: ["kind"] }, else: { properties: { v: target } } };
    case "inside contains":
      return {
        type: "array",
        items: { type: "object" },
        contains: { required: ["v"], properties: { v: target } },
      };
    case "inside dependentSchemas":
      return { type: "object", dependentSchemas: { kind: { properties: { v: target } } } };
    case "inside not":
      return { type: "object", properties: { id: str, v: { not: target } } };
    case "inside if":
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a promise
      return { type: "object", if: { properties: { v: target } }, then: { required: ["kind"] } };
    case "at depth":
      return {
        type: "object",
        properties: { page: { type: "object", properties: { items: { type: "array", items: target } } } },
      };
  }
}

/** The base spec with the target schema at one place on the wire. */
function specWith(wire: Wire, nesting: Nesting, target: Json): Json {
  const doc = baseSpec();
  const schema = nest(nesting, structuredClone(target), doc.components.schemas);
  const op = doc.paths["/things"].post;
  if (wire === "request body") op.requestBody.content = json(schema);
  if (wire === "response body") op.responses["200"].content = json(schema);
  if (wire === "parameter") op.parameters.push({ name: "q", in: "query", schema });
  if (wire === "header") op.responses["200"].headers["X-Q"] = { schema };
  return doc;
}

const directionOf = (wire: Wire) =>
  wire === "request body" || wire === "parameter" ? "request" : "response";

/** A keyword row's verdict for one edit on one side of the wire. */
export function verdictOf(
  row: KeywordRow,
  direction: "request" | "response",
  edit: "tighter" | "looser",
): Verdict {
  const own = row.verdicts?.[direction]?.[edit];
  if (own) return own;
  return (direction === "request") === (edit === "tighter") ? "breaking" : "harmless";
}

/**
 * Placements where a tighter target accepts more: `not` refuses what its schema accepts, and an `if` whose
 * `then` asks for more asks it of fewer values when its condition holds for fewer.
 */
const FLIPPING: Nesting[] = ["inside not", "inside if"];
const opposite = { request: "response", response: "request" } as const;

/** A keyword row's verdict for one edit in one placement. */
function expectedIn(
  row: KeywordRow,
  nesting: Nesting,
  direction: "request" | "response",
  edit: "tighter" | "looser",
): Verdict {
  if (!FLIPPING.includes(nesting)) return verdictOf(row, direction, edit);
  if (row.annotation) return "harmless";
  // Accepting more there is accepting less here: a request's edit is judged as the same edit of a response's.
  return verdictOf(row.typeLevel ? { ...row, verdicts: undefined } : row, opposite[direction], edit);
}

/** The placements of a keyword row: bodies in every nesting, parameters and headers in the short ones. */
export function placementsOf(row: KeywordRow): Array<{ wire: Wire; nesting: Nesting }> {
  return WIRES.filter((wire) => !row.bodyOnly || wire.endsWith("body")).flatMap((wire) =>
    (wire.endsWith("body") ? NESTINGS : SCALAR_NESTINGS).map((nesting) => ({ wire, nesting })),
  );
}

export function keywordTwins(row: KeywordRow): Twin[] {
  return placementsOf(row).flatMap(({ wire, nesting }) =>
    (["tighter", "looser"] as const).map((kind) => {
      const edit: Edit = row[kind];
      return {
        id: `${row.keyword} | ${wire} | ${nesting} | ${kind}`,
        keyword: row.keyword,
        placement: `${wire}, ${nesting}`,
        edit: kind,
        expected: expectedIn(row, nesting, directionOf(wire), kind),
        before: specWith(wire, nesting, edit.from),
        after: specWith(wire, nesting, edit.to),
      };
    }),
  );
}

export function documentTwins(): Twin[] {
  return DOCUMENT_ROWS.flatMap((row) =>
    (["breaking", "harmless"] as const).map((expected, i) => {
      const before = baseSpec();
      row.setup?.(before);
      const after = structuredClone(before);
      row[expected](after);
      return {
        id: `${row.keyword} | ${row.placement} | ${row.edits[i]}`,
        keyword: row.keyword,
        placement: row.placement,
        edit: row.edits[i] ?? expected,
        expected,
        before,
        after,
      };
    }),
  );
}

/** Every twin of the table. */
export const allTwins = (): Twin[] => [...KEYWORD_ROWS.flatMap(keywordTwins), ...documentTwins()];
