import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadDocument, type MediaTypeObject, responseExamples } from "./src/document.js";

const model = loadDocument();
const { doc, compile, operations } = model;

type Case = { where: string; schema: object; value: unknown };
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const SCHEMA_KEYS = [
  "type",
  "properties",
  "items",
  "$ref",
  "oneOf",
  "anyOf",
  "allOf",
  "enum",
  "const",
  "format",
];
const looksLikeSchema = (v: Json) => SCHEMA_KEYS.some((k) => k in v);

/** Every example in the bundle, paired with the schema it must satisfy. */
function collectExamples(node: unknown, where: string, out: Case[]): Case[] {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      collectExamples(item, `${where}/${i}`, out);
    });
    return out;
  }
  if (!isObject(node)) return out;
  const schema = isObject(node.schema) ? node.schema : undefined;
  if (schema && "example" in node) out.push({ where: `${where}/example`, schema, value: node.example });
  if (schema && isObject(node.examples)) {
    for (const [name, ex] of Object.entries(node.examples)) {
      if (isObject(ex) && "value" in ex)
        out.push({ where: `${where}/examples/${name}`, schema, value: ex.value });
    }
  }
  if (Array.isArray(node.examples) && looksLikeSchema(node)) {
    node.examples.forEach((value, i) => {
      out.push({ where: `${where}/examples/${i}`, schema: node, value });
    });
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === "examples" || key === "example") continue;
    collectExamples(child, `${where}/${key.replaceAll("/", "~1")}`, out);
  }
  return out;
}

const cases = collectExamples(doc, "#", []);

const hasExample = (media: MediaTypeObject) =>
  "example" in media || (isObject(media.examples) && Object.keys(media.examples).length > 0);

describe("the bundled spec", () => {
  it("holds every operation written in paths/, each with a unique operationId", () => {
    const ids = operations.map((o) => o.operationId);
    const paths = fileURLToPath(new URL("paths/", import.meta.url));
    const written = readdirSync(paths).flatMap((file) =>
      Object.values(
        parse(readFileSync(join(paths, file), "utf8")) as Record<string, { operationId?: string }>,
      )
        .map((operation) => operation.operationId)
        .filter((id) => id !== undefined),
    );
    expect(written.length).toBeGreaterThan(0);
    expect([...ids].sort()).toEqual(written.sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]+$/);
  });

  it("has at least one example per request body and per response body", () => {
    const missing: string[] = [];
    for (const { path, method, requestBody, responses } of operations) {
      const bodies: [string, Record<string, MediaTypeObject>][] = [];
      if (requestBody) bodies.push(["request", requestBody.content]);
      for (const [status, response] of Object.entries(responses)) bodies.push([status, response.content]);
      for (const [what, content] of bodies) {
        for (const [type, media] of Object.entries(content)) {
          if (!hasExample(media)) missing.push(`${method} ${path} ${what} ${type}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("has examples to check", () => {
    expect(cases.length).toBeGreaterThan(50);
  });
});

describe.each(cases)("example $where", ({ schema, value }) => {
  it("is valid against its schema", () => {
    const { errors } = compile(schema)(value);
    expect(errors.map((e) => `${e.pointer}: ${e.message} (${JSON.stringify(e.value)})`)).toEqual([]);
  });
});

describe.each(responseExamples(model))(
  "response example $where",
  ({ operationId, status, contentType, body }) => {
    it("is a documented answer of its operation (checkResponse)", () => {
      expect(model.checkResponse(operationId, status, contentType, body).violations).toEqual([]);
    });
  },
);

describe("the validator", () => {
  it("rejects a value that breaks a schema, naming the pointer and the value", () => {
    const check = compile({ type: "object", properties: { n: { type: "integer", maximum: 3 } } });
    expect(check({ n: 4 })).toMatchObject({ valid: false, errors: [{ pointer: "/n", value: 4 }] });
    expect(check({ n: 2 }).valid).toBe(true);
  });

  it("checks formats", () => {
    expect(compile({ type: "string", format: "email" })("not-an-email").valid).toBe(false);
    expect(compile({ type: "string", format: "date-time" })("2026-11-21T09:15:02Z").valid).toBe(true);
  });
});
