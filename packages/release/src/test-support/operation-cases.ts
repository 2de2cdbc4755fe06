// Operation cases of the rule modules' tests: two operations with parameters, a body, statuses, headers and
// security, and how a case's outcome is checked.
import { expect } from "vitest";
import { compareSpecs } from "../diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../diff/deprecation.js";
import { valueAt } from "../diff/pointer.js";
import type { RuleId } from "../diff/rules.js";
import type { Json } from "../diff/types.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** Two operations with parameters (inline, behind a $ref, and an array one), a body and a few statuses. */
export function base(): Json {
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

export const getOp = (d: Json) => d.paths["/items/{id}"].get;
export const patchOp = (d: Json) => d.paths["/items/{id}"].patch;
export const scheme = (d: Json) => d.components.securitySchemes.ApiKey;

export interface OperationCase {
  name: string;
  /** A change made to both specs first. */
  setup?: (d: Json) => void;
  mutate: (d: Json) => void;
  expect: RuleId;
}

export const errorUnion = (d: Json) => {
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

/** Compares the base spec with the case's edit and checks that the rule it names is found, and nothing louder. */
export function checkOperationCase({ setup, mutate, expect: rule }: OperationCase) {
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
}
