import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenApiDocument } from "@cloud-contract/spec/document";

const errorResponse = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { message: description },
    },
  },
});

/** A small spec in the shape of ours (apikey header security, shared Error body) for machinery tests. */
export function tinySpec(): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: { title: "tiny", version: "1.0.0" },
    servers: [{ url: "https://api.example.invalid" }],
    security: [{ ApiKey: [] }],
    paths: {
      "/things/{project_id}": {
        parameters: [
          {
            name: "project_id",
            in: "path",
            required: true,
            "x-tenant-scope": "projects",
            schema: { type: "integer" },
          },
        ],
        get: {
          operationId: "listThings",
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer", maximum: 5, default: 2 } },
            {
              name: "kind",
              in: "query",
              schema: { type: "array", items: { type: "string", enum: ["a", "b"] } },
            },
            {
              name: "ordering",
              in: "query",
              style: "form",
              explode: false,
              schema: { type: "array", items: { type: "string" } },
            },
            { name: "flag", in: "query", schema: { type: "boolean" } },
          ],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/ThingList" },
                  example: { count: 1, results: [{ id: 1, name: "one" }] },
                },
              },
            },
            "401": errorResponse("no key"),
            "403": errorResponse("forbidden"),
            "422": errorResponse("invalid"),
          },
        },
        post: {
          operationId: "createThing",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/ThingCreate" },
                example: { name: "one" },
              },
            },
          },
          responses: {
            "201": {
              description: "created",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Thing" },
                  example: { id: 1, name: "one" },
                },
              },
            },
            "400": errorResponse("bad"),
            "401": errorResponse("no key"),
            "403": errorResponse("forbidden"),
            "404": errorResponse("not found"),
            "422": errorResponse("invalid"),
            "5XX": errorResponse("failed"),
          },
        },
      },
      "/things/{project_id}/{thing_id}": {
        get: {
          operationId: "getThing",
          security: [],
          parameters: [
            { name: "project_id", in: "path", required: true, schema: { type: "integer" } },
            { name: "thing_id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          ],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Thing" },
                  example: { id: 1, name: "one" },
                },
              },
            },
            "404": errorResponse("not found"),
          },
        },
      },
    },
    components: {
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "Authorization" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string" },
            exception_class: { type: "string" },
            request_id: { type: "string" },
            invalid_fields: {
              type: "object",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
          },
        },
        Thing: {
          type: "object",
          required: ["id", "name"],
          properties: { id: { type: "integer" }, name: { type: "string" } },
        },
        ThingCreate: {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string", minLength: 1, maxLength: 10 } },
          additionalProperties: false,
        },
        ThingList: {
          type: "object",
          required: ["count", "results"],
          properties: {
            count: { type: "integer" },
            results: { type: "array", items: { $ref: "#/components/schemas/Thing" } },
          },
        },
      },
    },
  };
}

/** Writes a spec to a temporary file; `cleanup()` removes it. */
export function writeTempSpec(doc: OpenApiDocument): { path: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "cloud-mock-spec-"));
  const path = join(dir, "openapi.json");
  writeFileSync(path, JSON.stringify(doc));
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
