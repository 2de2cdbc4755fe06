// The edit space of the contract, as data: every OpenAPI 3.1 / JSON Schema keyword that changes what is
// valid, each with an edit that accepts less ("tighter") and one that accepts more ("looser"), and the
// verdict of each edit per direction. A request may loosen and a response may tighten unless a row says
// otherwise; twins.ts places every edit in every placement and the gate is held to these verdicts.
import type { Json } from "../src/diff/types.js";
import { SCHEMA_ROWS } from "./spec-language.js";

export type Verdict = "breaking" | "harmless";
export type Wire = "request body" | "response body" | "parameter" | "header";
export type Nesting =
  | "inline"
  | "behind $ref"
  | "beside $ref"
  | "inside allOf"
  | "inside anyOf"
  | "inside oneOf"
  | "at depth"
  | "inside additionalProperties"
  | "inside unevaluatedProperties"
  | "inside patternProperties"
  | "inside prefixItems"
  | "inside then"
  | "inside else"
  | "inside contains"
  | "inside dependentSchemas"
  | "inside not"
  | "inside if";

/** One edit: the target schema before and after. */
export interface Edit {
  from: Json;
  to: Json;
}

export interface KeywordRow {
  keyword: string;
  tighter: Edit;
  looser: Edit;
  /** Verdicts where the default (request: tighter breaks; response: looser breaks) does not hold, and why. */
  verdicts?: Partial<Record<"request" | "response", { tighter: Verdict; looser: Verdict }>>;
  why?: string;
  /**
   * The `verdicts` are what @cloud-contract/types make of the keyword; inside `not` or `if`, which the types
   * do not carry, the values decide.
   */
  typeLevel?: true;
  /** Says nothing of which values are valid: inside `not` or `if`, where only validity counts, no edit matters. */
  annotation?: true;
  /** Keywords of objects (and tuples) stand in bodies only, not in a parameter's or header's schema. */
  bodyOnly?: true;
}

export const WIRES: Wire[] = ["request body", "response body", "parameter", "header"];
export const NESTINGS: Nesting[] = [
  "inline",
  "behind $ref",
  "beside $ref",
  "inside allOf",
  "inside anyOf",
  "inside oneOf",
  "at depth",
  "inside additionalProperties",
  "inside unevaluatedProperties",
  "inside patternProperties",
  "inside prefixItems",
  "inside then",
  "inside else",
  "inside contains",
  "inside dependentSchemas",
  "inside not",
  "inside if",
];
/** A parameter's or header's schema is short: inline, behind a $ref and inside allOf cover its shapes. */
export const SCALAR_NESTINGS: Nesting[] = ["inline", "behind $ref", "inside allOf"];

const str = { type: "string" };
const int = { type: "integer" };
const obj = (extra: Json = {}) => ({ type: "object", properties: { a: str, b: str }, ...extra });
const arr = (extra: Json = {}) => ({ type: "array", items: int, ...extra });
const both = (verdict: Verdict) => ({ tighter: verdict, looser: verdict });
const tightening = (from: Json, to: Json) => ({ tighter: { from, to }, looser: { from: to, to: from } });

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
/** A Schema Object of draft-07, inside `allOf` (beside a 2020-12 `$ref` its siblings would be ignored). */
const draft07 = (schema: Json) => ({ allOf: [{ $schema: DRAFT_07, ...schema }] });

/** An object with `if` and `then`. */
const conditional = (condition: Json, consequence: Json) =>
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a promise
  obj({ if: condition, then: consequence });
const union = (kind: "anyOf" | "oneOf") => tightening({ [kind]: [str, int] }, { [kind]: [str] });
const tagged = (mapping: Json, second: string) => ({
  type: "object",
  oneOf: [
    { type: "object", required: ["kind"], properties: { kind: { const: "a" }, a: str } },
    { type: "object", required: ["kind"], properties: { kind: { const: second }, b: int } },
  ],
  discriminator: { propertyName: "kind", ...mapping },
});

export const KEYWORD_ROWS: KeywordRow[] = [
  { keyword: "type", ...tightening({ type: ["string", "integer"] }, str) },
  { keyword: "type: [T, null] (nullable)", ...tightening({ type: ["string", "null"] }, str) },
  {
    keyword: "enum",
    typeLevel: true,
    ...tightening({ type: "string", enum: ["a", "b", "c"] }, { type: "string", enum: ["a", "b"] }),
    verdicts: { response: both("breaking") },
    why: "a response value removed breaks code that compares with it against @cloud-contract/types (the literal union loses it)",
  },
  {
    keyword: "const",
    typeLevel: true,
    ...tightening({ type: "string", enum: ["a", "b"] }, { type: "string", const: "a" }),
    verdicts: { response: both("breaking") },
    why: "a response value removed breaks code that compares with it against @cloud-contract/types (the literal union loses it)",
  },
  { keyword: "format", ...tightening(str, { type: "string", format: "uuid" }) },
  {
    keyword: "minimum",
    tighter: { from: { ...int, minimum: 0 }, to: { ...int, minimum: 5 } },
    looser: { from: { ...int, minimum: 0 }, to: { ...int, minimum: -5 } },
  },
  {
    keyword: "maximum",
    tighter: { from: { ...int, maximum: 100 }, to: { ...int, maximum: 50 } },
    looser: { from: { ...int, maximum: 100 }, to: { ...int, maximum: 200 } },
  },
  {
    keyword: "exclusiveMinimum",
    tighter: { from: { ...int, exclusiveMinimum: 0 }, to: { ...int, exclusiveMinimum: 5 } },
    looser: { from: { ...int, exclusiveMinimum: 0 }, to: { ...int, exclusiveMinimum: -5 } },
  },
  {
    keyword: "exclusiveMaximum",
    tighter: { from: { ...int, exclusiveMaximum: 100 }, to: { ...int, exclusiveMaximum: 50 } },
    looser: { from: { ...int, exclusiveMaximum: 100 }, to: { ...int, exclusiveMaximum: 200 } },
  },
  { keyword: "multipleOf", ...tightening({ ...int, multipleOf: 2 }, { ...int, multipleOf: 4 }) },
  {
    keyword: "minLength",
    tighter: { from: { ...str, minLength: 1 }, to: { ...str, minLength: 5 } },
    looser: { from: { ...str, minLength: 1 }, to: { ...str, minLength: 0 } },
  },
  {
    keyword: "maxLength",
    tighter: { from: { ...str, maxLength: 20 }, to: { ...str, maxLength: 5 } },
    looser: { from: { ...str, maxLength: 20 }, to: { ...str, maxLength: 40 } },
  },
  { keyword: "pattern", ...tightening({ ...str, pattern: "^[a-z0-9]+$" }, { ...str, pattern: "^[a-z]+$" }) },
  {
    keyword: "minItems",
    tighter: { from: arr({ minItems: 1 }), to: arr({ minItems: 3 }) },
    looser: { from: arr({ minItems: 1 }), to: arr({ minItems: 0 }) },
  },
  {
    keyword: "maxItems",
    tighter: { from: arr({ maxItems: 5 }), to: arr({ maxItems: 2 }) },
    looser: { from: arr({ maxItems: 5 }), to: arr({ maxItems: 10 }) },
  },
  { keyword: "uniqueItems", ...tightening(arr(), arr({ uniqueItems: true })) },
  { keyword: "contains", ...tightening(arr(), arr({ contains: { minimum: 10 } })) },
  {
    keyword: "minContains",
    ...tightening(arr({ contains: { minimum: 10 } }), arr({ contains: { minimum: 10 }, minContains: 2 })),
  },
  {
    keyword: "maxContains",
    ...tightening(
      arr({ contains: { minimum: 10 }, maxContains: 3 }),
      arr({ contains: { minimum: 10 }, maxContains: 1 }),
    ),
  },
  {
    keyword: "items",
    ...tightening({ type: "array", items: { type: ["string", "integer"] } }, { type: "array", items: str }),
  },
  {
    keyword: "prefixItems",
    bodyOnly: true,
    ...tightening(
      { type: "array", prefixItems: [{ type: ["string", "integer"] }] },
      { type: "array", prefixItems: [str] },
    ),
  },
  {
    keyword: "items: false after prefixItems (a tuple closed)",
    ...tightening(
      { type: "array", prefixItems: [str, int] },
      { type: "array", prefixItems: [str, int], items: false },
    ),
  },
  {
    keyword: "items after prefixItems",
    ...tightening(
      { type: "array", prefixItems: [str, int], items: { type: ["string", "integer"] } },
      { type: "array", prefixItems: [str, int], items: int },
    ),
  },
  {
    keyword: "maxItems with prefixItems",
    tighter: {
      from: { type: "array", prefixItems: [str, int], maxItems: 3 },
      to: { type: "array", prefixItems: [str, int], maxItems: 1 },
    },
    looser: {
      from: { type: "array", prefixItems: [str, int], maxItems: 3 },
      to: { type: "array", prefixItems: [str, int], maxItems: 5 },
    },
  },
  {
    keyword: "minItems with prefixItems",
    tighter: {
      from: { type: "array", prefixItems: [str, int], minItems: 1 },
      to: { type: "array", prefixItems: [str, int], minItems: 2 },
    },
    looser: {
      from: { type: "array", prefixItems: [str, int], minItems: 1 },
      to: { type: "array", prefixItems: [str, int] },
    },
  },
  {
    keyword: "unevaluatedItems",
    bodyOnly: true,
    ...tightening(
      { type: "array", prefixItems: [str] },
      { type: "array", prefixItems: [str], unevaluatedItems: false },
    ),
  },
  {
    keyword: "required",
    tighter: { from: obj({ required: ["a"] }), to: obj({ required: ["a", "b"] }) },
    looser: { from: obj({ required: ["a"] }), to: obj() },
    bodyOnly: true,
  },
  {
    keyword: "properties",
    bodyOnly: true,
    tighter: { from: obj(), to: { type: "object", properties: { a: int, b: str } } },
    looser: { from: obj(), to: { type: "object", properties: { a: str } } },
    verdicts: {
      request: { tighter: "breaking", looser: "harmless" },
      response: { tighter: "breaking", looser: "breaking" },
    },
    why: "a field of a response removed breaks code reading it through @cloud-contract/types, optional or not; a field's type changed breaks both sides",
  },
  {
    keyword: "additionalProperties",
    bodyOnly: true,
    ...tightening(obj(), obj({ additionalProperties: false })),
  },
  {
    keyword: "patternProperties",
    bodyOnly: true,
    ...tightening(obj(), obj({ patternProperties: { "^x_": int } })),
  },
  {
    keyword: "propertyNames",
    bodyOnly: true,
    ...tightening(obj(), obj({ propertyNames: { maxLength: 3 } })),
  },
  {
    keyword: "unevaluatedProperties",
    bodyOnly: true,
    ...tightening(obj(), obj({ unevaluatedProperties: false })),
  },
  {
    keyword: "minProperties",
    bodyOnly: true,
    tighter: { from: obj({ minProperties: 1 }), to: obj({ minProperties: 2 }) },
    looser: { from: obj({ minProperties: 1 }), to: obj({ minProperties: 0 }) },
  },
  {
    keyword: "maxProperties",
    bodyOnly: true,
    tighter: { from: obj({ maxProperties: 5 }), to: obj({ maxProperties: 1 }) },
    looser: { from: obj({ maxProperties: 5 }), to: obj({ maxProperties: 10 }) },
  },
  {
    keyword: "dependentRequired",
    bodyOnly: true,
    ...tightening(obj(), obj({ dependentRequired: { a: ["b"] } })),
  },
  {
    keyword: "dependentSchemas",
    bodyOnly: true,
    ...tightening(obj(), obj({ dependentSchemas: { a: { required: ["b"] } } })),
  },
  {
    keyword: "if",
    bodyOnly: true,
    ...tightening(
      conditional({ required: ["a"] }, { required: ["b"] }),
      conditional({}, { required: ["b"] }),
    ),
  },
  {
    keyword: "then",
    bodyOnly: true,
    ...tightening(
      conditional({ required: ["a"] }, {}),
      conditional({ required: ["a"] }, { required: ["b"] }),
    ),
  },
  {
    keyword: "else",
    bodyOnly: true,
    ...tightening(
      obj({ if: { required: ["a"] }, else: {} }),
      obj({ if: { required: ["a"] }, else: { required: ["b"] } }),
    ),
  },
  { keyword: "not", ...tightening(str, { ...str, not: { const: "none" } }) },
  {
    keyword: "readOnly",
    annotation: true,
    bodyOnly: true,
    ...tightening(obj(), { type: "object", properties: { a: { ...str, readOnly: true }, b: str } }),
    verdicts: { response: both("harmless") },
    why: "a readOnly field is not to be sent: it breaks requests that send it, and no reader",
  },
  {
    keyword: "writeOnly",
    annotation: true,
    bodyOnly: true,
    ...tightening(obj(), { type: "object", properties: { a: { ...str, writeOnly: true }, b: str } }),
    verdicts: { request: both("harmless"), response: { tighter: "breaking", looser: "harmless" } },
    why: "a writeOnly field is no longer sent: it breaks readers, and no request",
  },
  {
    keyword: "discriminator / mapping",
    bodyOnly: true,
    tighter: {
      from: tagged({ mapping: { a: "#/components/schemas/A", b: "#/components/schemas/B" } }, "b"),
      to: tagged({ mapping: { a: "#/components/schemas/A", bee: "#/components/schemas/B" } }, "bee"),
    },
    looser: {
      from: tagged({}, "b"),
      to: tagged({ mapping: { a: "#/components/schemas/A", b: "#/components/schemas/B" } }, "b"),
    },
    verdicts: {
      request: { tighter: "breaking", looser: "harmless" },
      response: { tighter: "breaking", looser: "harmless" },
    },
    why: "a discriminator value renamed breaks both sides; a mapping written for the values the variants already have changes nothing",
  },
  { keyword: "allOf", ...tightening(str, { allOf: [str, { maxLength: 5 }] }) },
  { keyword: "anyOf", ...union("anyOf") },
  { keyword: "oneOf", ...union("oneOf") },
  {
    keyword: "anyOf (types made variants)",
    ...tightening(
      { type: ["string", "null"], maxLength: 20 },
      { anyOf: [{ type: "string", minLength: 1, maxLength: 20 }, { type: "null" }] },
    ),
  },
  {
    keyword: "anyOf (an object made a union of objects)",
    bodyOnly: true,
    ...tightening(
      {
        anyOf: [
          { type: "object", required: ["a"], properties: { a: str, b: int } },
          { type: "object", required: ["c"], properties: { c: str } },
        ],
      },
      { type: "object", required: ["a"], properties: { a: str, b: int } },
    ),
  },
  {
    keyword: "anyOf (the same values, rewritten)",
    tighter: { from: { type: ["string", "null"] }, to: { anyOf: [str, { type: "null" }] } },
    looser: {
      from: { type: "string", anyOf: [{ maxLength: 3 }, { minLength: 5 }] },
      to: {
        type: "string",
        anyOf: [
          { ...str, maxLength: 3 },
          { ...str, minLength: 5 },
        ],
      },
    },
    verdicts: { request: both("harmless"), response: both("harmless") },
    why: "a type list split into one variant per type, or a variant's type written out as its union's, accepts the same values",
  },
  {
    keyword: "$anchor / $dynamicAnchor",
    tighter: { from: str, to: { ...str, $anchor: "target" } },
    looser: { from: { ...str, $anchor: "target" }, to: { ...str, $dynamicAnchor: "node" } },
    verdicts: { request: both("harmless"), response: both("harmless") },
    why: 'a name for `$ref: "#name"` (read by the gate as the pointer it names): no value becomes valid or invalid',
  },
  {
    keyword: "$schema: draft-07 (items, additionalItems)",
    bodyOnly: true,
    ...tightening(
      draft07({ type: "array", items: [{ type: ["string", "integer"] }], additionalItems: int }),
      draft07({ type: "array", items: [str], additionalItems: int }),
    ),
    why: "a Schema Object of another dialect is read in its own (here a tuple and what follows it), as the gate reads every dialect it knows: rewritten in 2020-12 before comparing (src/schema-dialects.ts)",
  },
  {
    keyword: "$schema: draft-07 (the same values rewritten)",
    bodyOnly: true,
    tighter: {
      from: { type: "array", prefixItems: [str], items: int },
      to: draft07({ type: "array", items: [str], additionalItems: int }),
    },
    looser: {
      from: obj({ dependentRequired: { a: ["b"] } }),
      to: draft07(obj({ dependencies: { a: ["b"] } })),
    },
    verdicts: { request: both("harmless"), response: both("harmless") },
    why: "draft-07's tuple `items` and `additionalItems` are 2020-12's `prefixItems` and `items`, its `dependencies` with a list `dependentRequired`: the same values",
  },
  {
    keyword: "$schema: draft-07 ($ref siblings)",
    tighter: {
      from: draft07({ $ref: "#/components/schemas/Wide", maxLength: 3 }),
      to: { allOf: [{ $ref: "#/components/schemas/Narrow" }] },
    },
    looser: {
      from: { allOf: [{ $ref: "#/components/schemas/Narrow" }] },
      to: draft07({ $ref: "#/components/schemas/Wide", maxLength: 3 }),
    },
    why: "beside a draft-07 `$ref` every keyword is ignored: its `maxLength` bounds nothing",
  },
  {
    keyword: "$ref",
    ...tightening({ $ref: "#/components/schemas/Wide" }, { $ref: "#/components/schemas/Narrow" }),
  },
  {
    keyword: "$ref (equivalent refactor)",
    tighter: { from: { ...str, maxLength: 9 }, to: { $ref: "#/components/schemas/Same" } },
    looser: {
      from: { $ref: "#/components/schemas/Same" },
      to: { allOf: [{ $ref: "#/components/schemas/Same" }] },
    },
    verdicts: { request: both("harmless"), response: both("harmless") },
    why: "inlined, behind a $ref or wrapped in allOf, the schema accepts the same values",
  },
];

/** Components every twin's spec carries, for the rows that point at them. */
export const COMPONENTS: Json = {
  Wide: str,
  Narrow: { ...str, maxLength: 3 },
  Same: { ...str, maxLength: 9 },
  A: { type: "object", required: ["kind"], properties: { kind: { const: "a" }, a: str } },
  B: { type: "object", required: ["kind"], properties: { kind: { const: "b" }, b: int } },
};

/** Edits of the document around the schemas: each twin edits the same small spec (twins.ts `baseSpec`). */
export interface DocumentRow {
  keyword: string;
  placement: string;
  /** What both specs of its twins hold first (what the rest of the table needs no part of). */
  setup?: (doc: Json) => void;
  breaking: (doc: Json) => void;
  harmless: (doc: Json) => void;
  /** What each twin does, for EDIT-SPACE.md. */
  edits: [string, string];
}

const op = (doc: Json) => doc.paths["/things"].post;
const json = (schema: Json) => ({ "application/json": { schema } });
const param = (doc: Json) => op(doc).parameters[0];

/** A call the API makes to a consumer: a payload with a `name`, answered 200 with a closed `{ ok }`. */
const event = () => ({
  post: {
    requestBody: { content: json({ type: "object", properties: { name: str } }) },
    responses: {
      "200": {
        description: "taken",
        content: json({
          type: "object",
          properties: { ok: { type: "boolean" } },
          additionalProperties: false,
        }),
      },
    },
  },
});
const payload = (item: Json) => item.post.requestBody.content["application/json"].schema.properties;
const answer = (item: Json) => item.post.responses["200"].content["application/json"].schema;

export const DOCUMENT_ROWS: DocumentRow[] = [
  {
    keyword: "servers",
    placement: "document",
    edits: ["server URL changed", "server description reworded"],
    breaking: (d) => (d.servers[0].url = "https://api.example.com/v2"),
    harmless: (d) => (d.servers[0].description = "Live"),
  },
  {
    keyword: "operation servers",
    placement: "path item, operation",
    edits: [
      "the operation sent to another host",
      "the path's servers the document's URL, with a trailing slash",
    ],
    breaking: (d) => (op(d).servers = [{ url: "https://other.example.com" }]),
    harmless: (d) => (d.paths["/things"].servers = [{ url: "https://api.example.com/" }]),
  },
  {
    keyword: "server variables",
    placement: "document",
    edits: ["the URL templated, its default another host", "the URL templated, its default the old host"],
    breaking: (d) =>
      (d.servers[0] = { url: "https://{host}", variables: { host: { default: "eu.example.com" } } }),
    harmless: (d) =>
      (d.servers[0] = { url: "https://{host}", variables: { host: { default: "api.example.com" } } }),
  },
  {
    keyword: "server variable enum",
    placement: "document",
    edits: ["a value of the region variable's enum removed", "a value added to its enum"],
    setup: (d) => {
      d.servers[0] = {
        url: "https://{region}.example.com",
        variables: { region: { default: "api", enum: ["api", "eu"] } },
      };
    },
    breaking: (d) => (d.servers[0].variables.region.enum = ["api"]),
    harmless: (d) => d.servers[0].variables.region.enum.push("us"),
  },
  {
    keyword: "security (requirement)",
    placement: "operation",
    edits: ["another scheme required", "authentication made optional"],
    breaking: (d) => (op(d).security = [{ Bearer: [] }]),
    harmless: (d) => (op(d).security = [{ ApiKey: [] }, {}]),
  },
  {
    keyword: "security (scheme)",
    placement: "components",
    edits: ["key moved to another header", "scheme description reworded"],
    breaking: (d) => (d.components.securitySchemes.ApiKey.name = "X-Key"),
    harmless: (d) => (d.components.securitySchemes.ApiKey.description = "The key."),
  },
  {
    keyword: "security scheme in",
    placement: "components",
    edits: ["the key moved from a header to the query", "the key's header name re-cased"],
    breaking: (d) => (d.components.securitySchemes.ApiKey.in = "query"),
    harmless: (d) => (d.components.securitySchemes.ApiKey.name = "authorization"),
  },
  {
    keyword: "security scheme type",
    placement: "components",
    edits: ["the key scheme made an HTTP bearer scheme", "an unused scheme made an API key"],
    breaking: (d) => (d.components.securitySchemes.ApiKey = { type: "http", scheme: "bearer" }),
    harmless: (d) =>
      (d.components.securitySchemes.Bearer = { type: "apiKey", in: "header", name: "X-Other" }),
  },
  {
    keyword: "security scheme scheme",
    placement: "components",
    edits: ["the HTTP scheme bearer made basic", "bearer re-cased Bearer (the scheme name is caseless)"],
    setup: (d) => (op(d).security = [{ Bearer: [] }]),
    breaking: (d) => (d.components.securitySchemes.Bearer.scheme = "basic"),
    harmless: (d) => (d.components.securitySchemes.Bearer.scheme = "Bearer"),
  },
  {
    keyword: "security scheme flows",
    placement: "components",
    edits: ["the OAuth token URL moved to another host", "one more scope offered"],
    setup: (d) => {
      d.components.securitySchemes.OAuth = {
        type: "oauth2",
        flows: {
          clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { read: "Read." } },
        },
      };
      op(d).security = [{ OAuth: ["read"] }];
    },
    breaking: (d) =>
      (d.components.securitySchemes.OAuth.flows.clientCredentials.tokenUrl = "https://id.example.com/token"),
    harmless: (d) => (d.components.securitySchemes.OAuth.flows.clientCredentials.scopes.write = "Write."),
  },
  {
    keyword: "security scheme openIdConnectUrl",
    placement: "components",
    edits: ["the OpenID Connect discovery URL moved", "the scheme's description reworded"],
    setup: (d) => {
      d.components.securitySchemes.Oidc = {
        type: "openIdConnect",
        openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration",
      };
      op(d).security = [{ Oidc: [] }];
    },
    breaking: (d) =>
      (d.components.securitySchemes.Oidc.openIdConnectUrl =
        "https://id.example.com/.well-known/openid-configuration"),
    harmless: (d) => (d.components.securitySchemes.Oidc.description = "Sign in with the company account."),
  },
  {
    keyword: "parameter content",
    placement: "parameter",
    edits: ["the query array's schema moved to content application/json", "its description reworded"],
    breaking: (d) => {
      const p = param(d);
      p.content = { "application/json": { schema: p.schema } };
      delete p.schema;
    },
    harmless: (d) => (param(d).description = "Tags to match."),
  },
  {
    keyword: "parameter name",
    placement: "parameter",
    edits: [
      "the required header X-Trace renamed X-Span",
      "X-Trace re-cased x-trace (header names are caseless)",
    ],
    breaking: (d) => (op(d).parameters[1].name = "X-Span"),
    harmless: (d) => (op(d).parameters[1].name = "x-trace"),
  },
  {
    keyword: "parameter required",
    placement: "parameter",
    edits: ["optional parameter made required", "required parameter made optional"],
    breaking: (d) => (param(d).required = true),
    harmless: (d) => (op(d).parameters[1].required = false),
  },
  {
    keyword: "parameter style",
    placement: "parameter",
    edits: ["form → spaceDelimited", "the default style written out (form)"],
    breaking: (d) => (param(d).style = "spaceDelimited"),
    harmless: (d) => (param(d).style = "form"),
  },
  {
    keyword: "parameter explode",
    placement: "parameter",
    edits: ["explode true → false (an array)", "the default explode written out (true)"],
    breaking: (d) => (param(d).explode = false),
    harmless: (d) => (param(d).explode = true),
  },
  {
    keyword: "parameter allowEmptyValue",
    placement: "parameter",
    edits: [
      "allowEmptyValue true → false on query q (`?q=` refused)",
      "allowEmptyValue false → true on tags",
    ],
    setup: (d) => op(d).parameters.push({ name: "q", in: "query", allowEmptyValue: true, schema: str }),
    breaking: (d) => (op(d).parameters[2].allowEmptyValue = false),
    harmless: (d) => (param(d).allowEmptyValue = true),
  },
  {
    keyword: "parameter allowReserved",
    placement: "parameter",
    edits: [
      "allowReserved true → false on query q (reserved characters must be encoded)",
      "allowReserved false → true on tags",
    ],
    setup: (d) => op(d).parameters.push({ name: "q", in: "query", allowReserved: true, schema: str }),
    breaking: (d) => (op(d).parameters[2].allowReserved = false),
    harmless: (d) => (param(d).allowReserved = true),
  },
  {
    keyword: "parameter in",
    placement: "parameter",
    edits: ["query → header", "moved from the operation to its path item"],
    breaking: (d) => (param(d).in = "header"),
    harmless: (d) => (d.paths["/things"].parameters = op(d).parameters.splice(0, 1)),
  },
  {
    keyword: "parameter schema",
    placement: "parameter",
    edits: ["items' maxLength lowered", "schema moved behind a $ref"],
    breaking: (d) => (param(d).schema.items.maxLength = 2),
    harmless: (d) => {
      d.components.schemas.Tags = param(d).schema;
      param(d).schema = { $ref: "#/components/schemas/Tags" };
    },
  },
  {
    keyword: "request media type",
    placement: "request body",
    edits: ["application/json replaced by text/plain", "one more media type"],
    breaking: (d) => (op(d).requestBody.content = { "text/plain": { schema: str } }),
    harmless: (d) =>
      (op(d).requestBody.content["application/x-www-form-urlencoded"] = { schema: { type: "object" } }),
  },
  {
    keyword: "media type encoding",
    placement: "request body",
    edits: [
      "a multipart field's content types narrowed (image/png, image/jpeg → image/png)",
      "one more content type for it (image/gif)",
    ],
    setup: (d) =>
      (op(d).requestBody.content["multipart/form-data"] = {
        schema: { type: "object", properties: { file: str } },
        encoding: { file: { contentType: "image/png, image/jpeg" } },
      }),
    breaking: (d) =>
      (op(d).requestBody.content["multipart/form-data"].encoding.file.contentType = "image/png"),
    harmless: (d) =>
      (op(d).requestBody.content["multipart/form-data"].encoding.file.contentType += ", image/gif"),
  },
  {
    keyword: "request body required",
    placement: "request body",
    edits: ["optional body made required", "a required body made optional"],
    breaking: (d) => (op(d).requestBody.required = true),
    harmless: (d) => {
      d.paths["/things"].put.requestBody.required = false;
    },
  },
  {
    keyword: "response media type",
    placement: "response body",
    edits: ["application/json removed", "response description reworded"],
    breaking: (d) => (op(d).responses["200"].content = { "text/plain": { schema: str } }),
    harmless: (d) => (op(d).responses["200"].description = "The thing."),
  },
  {
    keyword: "status codes",
    placement: "operation",
    edits: ["success status 200 removed", "an error status added"],
    breaking: (d) => {
      op(d).responses = { "201": op(d).responses["200"], "404": op(d).responses["404"] };
    },
    harmless: (d) => (op(d).responses["409"] = { description: "conflict" }),
  },
  {
    keyword: "headers",
    placement: "response",
    edits: ["a required header removed", "an optional header added"],
    breaking: (d) => delete op(d).responses["200"].headers["X-Id"],
    harmless: (d) => (op(d).responses["200"].headers.ETag = { schema: str }),
  },
  {
    keyword: "header style / explode",
    placement: "response",
    edits: ["X-Id's explode false → true", "X-Id's default style written out (simple)"],
    breaking: (d) => (op(d).responses["200"].headers["X-Id"].explode = true),
    harmless: (d) => (op(d).responses["200"].headers["X-Id"].style = "simple"),
  },
  {
    keyword: "header content",
    placement: "response",
    edits: ["X-Id's schema moved to content application/json", "X-Id's content schema moved behind a $ref"],
    setup: (d) => (op(d).responses["200"].headers["X-Trace"] = { content: json({ type: "string" }) }),
    breaking: (d) => {
      const h = op(d).responses["200"].headers["X-Id"];
      h.content = json(h.schema);
      delete h.schema;
    },
    harmless: (d) =>
      (op(d).responses["200"].headers["X-Trace"].content = json({ $ref: "#/components/schemas/Wide" })),
  },
  {
    keyword: "header required",
    placement: "response",
    edits: ["a required header made optional", "an optional header made required"],
    breaking: (d) => (op(d).responses["200"].headers["X-Id"].required = false),
    harmless: (d) => (op(d).responses["200"].headers["X-Trace"].required = true),
  },
  {
    keyword: "operation",
    placement: "paths",
    edits: ["operation removed", "operation added"],
    breaking: (d) => delete d.paths["/things"].put,
    harmless: (d) =>
      (d.paths["/things"].get = { operationId: "listThings", responses: { "200": { description: "ok" } } }),
  },
  {
    keyword: "operationId",
    placement: "operation",
    edits: ["operationId changed", "summary reworded"],
    breaking: (d) => (op(d).operationId = "createThing"),
    harmless: (d) => (op(d).summary = "Make one"),
  },
  {
    keyword: "webhooks",
    placement: "document",
    edits: [
      "the webhook's payload field may hold an integer too (consumers read it)",
      "its answer takes any field (consumers send it)",
    ],
    setup: (d) => (d.webhooks = { thingChanged: event() }),
    breaking: (d) => (payload(d.webhooks.thingChanged).name.type = ["string", "integer"]),
    harmless: (d) => delete answer(d.webhooks.thingChanged).additionalProperties,
  },
  {
    keyword: "callbacks",
    placement: "operation",
    edits: ["the operation's callback no longer sent", "its payload field bounded (maxLength 10)"],
    setup: (d) => (op(d).callbacks = { onDone: { "{$request.query.hook}": event() } }),
    breaking: (d) => delete op(d).callbacks.onDone,
    harmless: (d) => (payload(op(d).callbacks.onDone["{$request.query.hook}"]).name.maxLength = 10),
  },
  {
    keyword: "openapi (version)",
    placement: "document",
    edits: ["3.1.0 → 3.0.3 (nullable, boolean exclusive bounds: keywords read otherwise)", "3.1.0 → 3.1.1"],
    breaking: (d) => (d.openapi = "3.0.3"),
    harmless: (d) => (d.openapi = "3.1.1"),
  },
  {
    keyword: "jsonSchemaDialect",
    placement: "document",
    edits: ["the schemas' dialect made draft-07", "the default dialect written out (OpenAPI 3.1 base)"],
    breaking: (d) => (d.jsonSchemaDialect = "http://json-schema.org/draft-07/schema#"),
    harmless: (d) => (d.jsonSchemaDialect = "https://spec.openapis.org/oas/3.1/dialect/base"),
  },
  {
    keyword: "jsonSchemaDialect: draft-07 (schemas read in it)",
    placement: "document",
    edits: [
      "a request field made to need another (draft-07 `dependencies`)",
      "`prefixItems` added to a tuple (`items` list, `additionalItems`): not a draft-07 keyword, ignored",
    ],
    setup: (d) => {
      d.jsonSchemaDialect = DRAFT_07;
      d.components.schemas.Thing.properties.pair = { type: "array", items: [str], additionalItems: int };
    },
    breaking: (d) => (d.components.schemas.Thing.dependencies = { name: ["pair"] }),
    harmless: (d) => (d.components.schemas.Thing.properties.pair.prefixItems = [int]),
  },
  {
    keyword: "$dynamicRef (several anchors)",
    placement: "components",
    edits: [
      "the item a generic list is extended with (its `$dynamicAnchor`) bounded (maxLength 10 → 5)",
      "the generic list's own item (used only through the extension) made integers",
    ],
    setup: (d) => {
      Object.assign(d.components.schemas, {
        List: {
          $id: "https://example.com/schemas/list",
          type: "array",
          items: { $dynamicRef: "#item" },
          $defs: { item: { $dynamicAnchor: "item" } },
        },
        // Referred to by pointer from the document's own resource (redocly resolves a relative `$ref` as a file).
        Names: {
          $ref: "#/components/schemas/List",
          $defs: { item: { $dynamicAnchor: "item", type: "string", maxLength: 10 } },
        },
      });
      d.components.schemas.Thing.properties.names = { $ref: "#/components/schemas/Names" };
    },
    breaking: (d) => (d.components.schemas.Names.$defs.item.maxLength = 5),
    harmless: (d) => (d.components.schemas.List.$defs.item.type = "integer"),
  },
  {
    keyword: "path item $ref",
    placement: "paths",
    edits: ["/things' $ref retargeted to another path item", "/things' path item inlined from its $ref"],
    setup: (d) => {
      d.components.pathItems = {
        Things: d.paths["/things"],
        Other: { get: { operationId: "listOther", responses: { "200": { description: "ok" } } } },
      };
      d.paths["/things"] = { $ref: "#/components/pathItems/Things" };
    },
    breaking: (d) => (d.paths["/things"].$ref = "#/components/pathItems/Other"),
    harmless: (d) => (d.paths["/things"] = structuredClone(d.components.pathItems.Things)),
  },
  {
    keyword: "schema component name",
    placement: "components",
    edits: ["a schema renamed (the types export it by name)", "its description reworded"],
    breaking: (d) => {
      d.components.schemas.Item = d.components.schemas.Thing;
      delete d.components.schemas.Thing;
      const item = op(d).responses["200"].content["application/json"];
      for (const media of [
        op(d).requestBody.content["application/json"],
        item,
        d.paths["/things"].put.requestBody.content["application/json"],
      ])
        media.schema = { $ref: "#/components/schemas/Item" };
    },
    harmless: (d) => (d.components.schemas.Thing.description = "A thing."),
  },
];

/** The keywords the table must account for (the list); table.test.ts fails on any without a row. */
export const REQUIRED_KEYWORDS = [
  ...SCHEMA_ROWS,
  "type: [T, null] (nullable)",
  "discriminator / mapping",
  "servers",
  "security (requirement)",
  "security (scheme)",
  "parameter required",
  "parameter style",
  "parameter explode",
  "parameter in",
  "parameter schema",
  "request media type",
  "response media type",
  "status codes",
  "headers",
];
