import { describe, expect, it } from "vitest";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import { valueAt } from "./pointer.js";
import type { RuleId } from "./rules.js";
import type { Json } from "./types.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** Two operations with parameters (inline, behind a $ref, and an array one), a body and a few statuses. */
function base(): Json {
  const json = (schema: Json) => ({ "application/json": { schema } });
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    security: [{ ApiKey: [] }],
    paths: {
      "/legacy": {
        get: { operationId: "getLegacy", deprecated: true, "x-sunset": "2026-03-01", responses: {} },
      },
      "/old": { get: { operationId: "getOld", deprecated: true, "x-sunset": "2026-12-01", responses: {} } },
      "/items/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        get: {
          operationId: "getItem",
          parameters: [
            { $ref: "#/components/parameters/Limit" },
            {
              name: "fields",
              in: "query",
              schema: { type: "array", items: { type: "string", maxLength: 10 } },
            },
            { name: "X-Trace", in: "header", required: true, schema: { type: "string" } },
            {
              name: "legacy",
              in: "query",
              deprecated: true,
              "x-sunset": "2026-03-01",
              schema: { type: "string" },
            },
            {
              name: "old",
              in: "query",
              deprecated: true,
              "x-sunset": "2026-12-01",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description: "ok",
              content: json({ $ref: "#/components/schemas/Item" }),
              headers: {
                "X-Request-Id": { required: true, schema: { type: "string" } },
                ETag: { schema: { type: "string" } },
              },
            },
            "404": { description: "missing", content: json({ $ref: "#/components/schemas/Error" }) },
          },
        },
        patch: {
          operationId: "updateItem",
          requestBody: { content: json({ $ref: "#/components/schemas/Item" }) },
          responses: { "200": { description: "ok", content: json({ $ref: "#/components/schemas/Item" }) } },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Authorization" },
        Bearer: { type: "http", scheme: "bearer" },
      },
      parameters: { Limit: { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } } },
      schemas: {
        Item: { type: "object", properties: { id: { type: "string" } } },
        Error: { type: "object", properties: { message: { type: "string" } } },
      },
    },
  };
}

const getOp = (d: Json) => d.paths["/items/{id}"].get;
const patchOp = (d: Json) => d.paths["/items/{id}"].patch;
const scheme = (d: Json) => d.components.securitySchemes.ApiKey;

interface Case {
  name: string;
  /** A change made to both specs first. */
  setup?: (d: Json) => void;
  mutate: (d: Json) => void;
  expect: RuleId;
}

const errorUnion = (d: Json) => {
  const variant = (tag: string) => ({
    type: "object",
    required: ["type"],
    properties: { type: { const: tag }, message: { type: "string" } },
  });
  d.components.schemas.ErrorA = variant("a");
  d.components.schemas.ErrorB = variant("b");
  d.components.schemas.Error = {
    oneOf: [{ $ref: "#/components/schemas/ErrorA" }, { $ref: "#/components/schemas/ErrorB" }],
    discriminator: {
      propertyName: "type",
      mapping: { a: "#/components/schemas/ErrorA", b: "#/components/schemas/ErrorB" },
    },
  };
};

const CASES: Case[] = [
  {
    name: "a discriminator value mapped to another variant",
    expect: "response-discriminator-changed",
    setup: errorUnion,
    mutate: (d) => (d.components.schemas.Error.discriminator.mapping.a = "#/components/schemas/ErrorB"),
  },
  {
    name: "a security scheme no operation uses removed (the types do not export it)",
    expect: "component-removed-untyped",
    mutate: (d) => delete d.components.securitySchemes.Bearer,
  },
  {
    name: "path-level servers moved to another host",
    expect: "server-changed",
    setup: (d) => (d.paths["/items/{id}"].servers = [{ url: "https://a.example.com/v1" }]),
    mutate: (d) => (d.paths["/items/{id}"].servers[0].url = "https://b.example.com/v1"),
  },
  {
    name: "operation-level servers moved to another host",
    expect: "server-changed",
    mutate: (d) => (getOp(d).servers = [{ url: "https://b.example.com/v1" }]),
    setup: (d) => (d.servers = [{ url: "https://a.example.com/v1" }]),
  },
  {
    name: "required names a field that properties does not declare",
    expect: "request-property-became-required",
    mutate: (d) => (d.components.schemas.Item.required = ["name"]),
  },
  {
    name: "a query parameter's schema moved to content application/json",
    expect: "request-parameter-serialization-changed",
    mutate: (d) => {
      const fields = getOp(d).parameters[1];
      fields.content = { "application/json": { schema: fields.schema } };
      delete fields.schema;
    },
  },
  {
    name: "operation removed",
    expect: "operation-removed",
    mutate: (d) => delete d.paths["/items/{id}"].patch,
  },
  {
    name: "operation added",
    expect: "operation-added",
    mutate: (d) => (d.paths["/items/{id}"].delete = { operationId: "deleteItem", responses: {} }),
  },
  {
    name: "operationId changed",
    expect: "operation-id-changed",
    mutate: (d) => (getOp(d).operationId = "readItem"),
  },
  {
    name: "operation deprecated",
    expect: "operation-deprecated",
    mutate: (d) => {
      getOp(d).deprecated = true;
      getOp(d)["x-sunset"] = "2027-06-01";
    },
  },
  {
    name: "deprecated parameter removed after its sunset",
    expect: "request-parameter-removed-after-sunset",
    mutate: (d) => getOp(d).parameters.splice(3, 1),
  },
  {
    name: "deprecated parameter removed before its sunset",
    expect: "request-parameter-removed-before-sunset",
    mutate: (d) => getOp(d).parameters.splice(4, 1),
  },
  {
    name: "a parameter's sunset moved earlier",
    expect: "sunset-moved-earlier",
    mutate: (d) => (getOp(d).parameters[4]["x-sunset"] = "2026-09-01"),
  },
  {
    name: "a parameter deprecated without a sunset",
    expect: "deprecated-without-sunset",
    mutate: (d) => (getOp(d).parameters[1].deprecated = true),
  },
  {
    name: "an operation deprecated with too short a notice",
    expect: "sunset-notice-too-short",
    mutate: (d) => Object.assign(getOp(d), { deprecated: true, "x-sunset": "2026-07-01" }),
  },
  {
    name: "deprecated operation removed after its sunset",
    expect: "operation-removed-after-sunset",
    mutate: (d) => delete d.paths["/legacy"],
  },
  {
    name: "deprecated operation removed before its sunset",
    expect: "operation-removed-before-sunset",
    mutate: (d) => delete d.paths["/old"],
  },
  {
    name: "new required request body",
    expect: "request-body-added-required",
    mutate: (d) => (getOp(d).requestBody = { required: true, content: {} }),
  },
  {
    name: "new optional request body",
    expect: "request-body-added-optional",
    mutate: (d) => (getOp(d).requestBody = { content: {} }),
  },
  {
    name: "request body becomes optional",
    expect: "request-body-became-optional",
    setup: (d) => (patchOp(d).requestBody.required = true),
    mutate: (d) => (patchOp(d).requestBody.required = false),
  },
  {
    name: "response media type added",
    expect: "response-media-type-added",
    mutate: (d) => (getOp(d).responses["200"].content["text/csv"] = {}),
  },
  {
    name: "required response header removed",
    expect: "response-required-header-removed",
    mutate: (d) => delete getOp(d).responses["200"].headers["X-Request-Id"],
  },
  {
    name: "optional response header removed",
    expect: "response-optional-header-removed",
    mutate: (d) => delete getOp(d).responses["200"].headers.ETag,
  },
  {
    name: "response header added (name case ignored for the others)",
    expect: "response-header-added",
    mutate: (d) => {
      const h = getOp(d).responses["200"].headers;
      h["x-request-id"] = h["X-Request-Id"];
      delete h["X-Request-Id"];
      h["Retry-After"] = { schema: { type: "integer" } };
    },
  },
  {
    name: "response header may now be missing",
    expect: "response-header-became-optional",
    mutate: (d) => (getOp(d).responses["200"].headers["X-Request-Id"].required = false),
  },
  {
    name: "response header's type widened",
    expect: "response-type-widened",
    mutate: (d) => (getOp(d).responses["200"].headers.ETag.schema.type = ["string", "integer"]),
  },
  {
    name: "new required query parameter",
    expect: "request-parameter-added-required",
    mutate: (d) => getOp(d).parameters.push({ name: "q", in: "query", required: true, schema: {} }),
  },
  {
    name: "new optional query parameter",
    expect: "request-parameter-added-optional",
    mutate: (d) => getOp(d).parameters.push({ name: "q", in: "query", schema: {} }),
  },
  {
    name: "parameter behind a $ref becomes required",
    expect: "request-parameter-became-required",
    mutate: (d) => (d.components.parameters.Limit.required = true),
  },
  {
    name: "header parameter becomes optional (name case ignored)",
    expect: "request-parameter-became-optional",
    mutate: (d) => {
      getOp(d).parameters[2].required = false;
      getOp(d).parameters[2].name = "x-trace";
    },
  },
  {
    name: "parameter removed (a warning)",
    expect: "request-parameter-removed",
    mutate: (d) => getOp(d).parameters.splice(1, 1),
  },
  {
    name: "parameter serialization changed",
    expect: "request-parameter-serialization-changed",
    mutate: (d) => (getOp(d).parameters[1].explode = false),
  },
  {
    name: "parameter limit behind a $ref lowered",
    expect: "request-limit-narrowed",
    mutate: (d) => (d.components.parameters.Limit.schema.maximum = 50),
  },
  {
    name: "parameter limit behind a $ref raised",
    expect: "request-limit-widened",
    mutate: (d) => (d.components.parameters.Limit.schema.maximum = 500),
  },
  {
    name: "parameter item limit at depth lowered",
    expect: "request-limit-narrowed",
    mutate: (d) => (getOp(d).parameters[1].schema.items.maxLength = 5),
  },
  {
    name: "parameter item limit at depth raised",
    expect: "request-limit-widened",
    mutate: (d) => (getOp(d).parameters[1].schema.items.maxLength = 50),
  },
  {
    name: "request body becomes required",
    expect: "request-body-became-required",
    mutate: (d) => (patchOp(d).requestBody.required = true),
  },
  {
    name: "request body removed",
    expect: "request-body-removed",
    mutate: (d) => delete patchOp(d).requestBody,
  },
  {
    name: "request media type removed",
    expect: "request-media-type-removed",
    mutate: (d) => {
      const c = patchOp(d).requestBody.content;
      c["application/merge-patch+json"] = c["application/json"];
      delete c["application/json"];
    },
  },
  {
    name: "request media type added",
    expect: "request-media-type-added",
    mutate: (d) => {
      const c = patchOp(d).requestBody.content;
      c["application/merge-patch+json"] = c["application/json"];
    },
  },
  {
    name: "success status removed",
    expect: "response-success-status-removed",
    mutate: (d) => delete getOp(d).responses["200"],
  },
  {
    name: "error status removed (a warning)",
    expect: "response-non-success-status-removed",
    mutate: (d) => delete getOp(d).responses["404"],
  },
  {
    name: "success status added",
    expect: "response-success-status-added",
    mutate: (d) => (getOp(d).responses["202"] = { description: "accepted" }),
  },
  {
    name: "error status added",
    expect: "response-non-success-status-added",
    mutate: (d) => (getOp(d).responses["409"] = { description: "conflict" }),
  },
  {
    name: "response media type removed",
    expect: "response-media-type-removed",
    mutate: (d) => {
      const r = getOp(d).responses["200"];
      r.content = { "text/plain": {} };
    },
  },
  {
    name: "security scheme's header name changed",
    expect: "security-scheme-changed",
    mutate: (d) => (scheme(d).name = "X-Api-Key"),
  },
  {
    name: "security scheme's location changed",
    expect: "security-scheme-changed",
    mutate: (d) => (scheme(d).in = "query"),
  },
  {
    name: "security scheme's type changed",
    expect: "security-scheme-changed",
    mutate: (d) => (d.components.securitySchemes.ApiKey = { type: "http", scheme: "basic" }),
  },
  {
    name: "security alternative added",
    expect: "security-alternative-added",
    mutate: (d) => d.security.push({ Bearer: [] }),
  },
  {
    name: "security alternative replaced",
    expect: "security-alternative-removed",
    mutate: (d) => (d.security = [{ Bearer: [] }]),
  },
  {
    name: "operation now asks for a second scheme",
    expect: "security-alternative-removed",
    mutate: (d) => (getOp(d).security = [{ ApiKey: [], Bearer: [] }]),
  },
  {
    name: "operation no longer asks for a key",
    expect: "security-alternative-added",
    mutate: (d) => (getOp(d).security = [{ ApiKey: [] }, {}]),
  },
  {
    name: "component removed",
    expect: "component-removed",
    mutate: (d) => delete d.components.parameters.Limit,
    setup: (d) =>
      (getOp(d).parameters[0] = { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }),
  },
  {
    name: "component added",
    expect: "component-added",
    mutate: (d) => (d.components.schemas.Extra = { type: "string" }),
  },
  {
    name: "server URL changed",
    setup: (d) => (d.servers = [{ url: "https://api.example.com" }]),
    expect: "server-changed",
    mutate: (d) => (d.servers = [{ url: "https://api.example.com/v2" }]),
  },
  {
    name: "server added",
    setup: (d) => (d.servers = [{ url: "https://api.example.com" }]),
    expect: "server-added",
    mutate: (d) => d.servers.push({ url: "https://eu.api.example.com/" }),
  },
  {
    name: "query parameter moved to a header",
    expect: "request-parameter-moved",
    mutate: (d) => (getOp(d).parameters[1].in = "header"),
  },
];

describe("compareSpecs on operations, parameters, bodies, statuses and security", () => {
  it.each(CASES)("$name → $expect", ({ setup, mutate, expect: rule }) => {
    const oldDoc = base();
    const newDoc = base();
    setup?.(oldDoc);
    setup?.(newDoc);
    mutate(newDoc);
    const findings = compareSpecs(oldDoc, newDoc, { policy });
    const show = JSON.stringify(findings, null, 1);
    const hit = findings.find((f) => f.rule === rule);
    expect(hit, show).toBeDefined();
    const louder = findings.filter(
      (f) => f.rule !== rule && f.level !== "info" && f.rule !== "component-removed",
    );
    expect(louder, show).toEqual([]);
    expect(valueAt(oldDoc, hit?.before ?? "/missing"), `before ${hit?.before}`).toBeDefined();
    expect(valueAt(newDoc, hit?.after ?? "/missing"), `after ${hit?.after}`).toBeDefined();
  });

  it.each<[string, (d: Json) => void, (d: Json) => void]>([
    [
      "a server URL templated, its variable's default the old URL",
      (d) => (d.servers = [{ url: "https://api.example.com/v1" }]),
      (d) =>
        (d.servers = [
          {
            url: "https://{host}/v1",
            variables: { host: { default: "api.example.com", enum: ["api.example.com"] } },
          },
        ]),
    ],
    [
      "a security scheme renamed, asking the same",
      () => {},
      (d) => {
        d.components.securitySchemes.Key = d.components.securitySchemes.ApiKey;
        delete d.components.securitySchemes.ApiKey;
        d.security = [{ Key: [] }];
      },
    ],
    ["an API-key header name re-cased", () => {}, (d) => (scheme(d).name = "authorization")],
  ])("sees no break in %s", (_name, setup, mutate) => {
    const oldDoc = base();
    setup(oldDoc);
    const newDoc = structuredClone(oldDoc);
    mutate(newDoc);
    const findings = compareSpecs(oldDoc, newDoc, { policy }).filter((f) => f.level !== "info");
    expect(findings).toEqual([]);
  });

  it("sees no change in a path parameter renamed (the URL is the same)", () => {
    const newDoc = base();
    const item = newDoc.paths["/items/{id}"];
    item.parameters[0].name = "item_id";
    delete newDoc.paths["/items/{id}"];
    newDoc.paths["/items/{item_id}"] = item;
    const findings = compareSpecs(base(), newDoc, { policy });
    expect(findings).toEqual([]);
  });

  it("names the operation and its operationId on every finding of a shared component, once per operation", () => {
    const newDoc = base();
    delete newDoc.components.schemas.Item.properties.id;
    const findings = compareSpecs(base(), newDoc, { policy }).filter(
      (f) => f.rule === "response-optional-property-removed",
    );
    expect(findings.map((f) => `${f.operationId} ${f.operation}`).sort()).toEqual([
      "getItem GET /items/{id}",
      "updateItem PATCH /items/{id}",
    ]);
    expect(findings[0]?.before).toBe("/components/schemas/Item/properties/id");
    expect(findings[0]?.after).toBe("/components/schemas/Item");
  });
});
