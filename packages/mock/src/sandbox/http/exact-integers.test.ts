// Integers as the real API takes them, through a real server: every integer a request of the spec declares
// (found by walking the spec model) is sent at 2^63 − 1; the sandbox takes it unless the operation states a
// bound or a rule, and where it answers the value back, the answer has its exact digits.
import { loadDocument } from "@cloud-contract/spec/document";
import { isObject, type Json } from "@cloud-contract/spec/model";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";

const model = loadDocument();
const ctx = useSandbox({ tenantCreation: { burst: 1_000, everyMs: 1 } });

const INT63 = "9223372036854775807";
/** How JavaScript writes 2^63 − 1 once rounded to a number: an answer must never hold these. */
const ROUNDED = /922337203685477(5808|6000)/;

/** Rules an operation's description states that refuse the value whatever its size. */
const STATED_RULES: Record<string, string> = {
  "revokeCdnCertificate body /sslData": "a revoke sends sslData null",
};

type Step = string | 0;
/** One step into a body: a property name or an array's first item, and the schema of the value there. */
type Trail = { step: Step; schema: unknown }[];
interface RequestInteger {
  operationId: string;
  where: "body" | "query" | "path";
  name: string;
  trail: Trail;
  schema: Json;
}

/** Every integer schema reachable from `node`, with the trail to it (a branch of a choice stands for it). */
function integersIn(node: unknown, trail: Trail, seen: Set<unknown>): { trail: Trail; schema: Json }[] {
  const schema = model.resolve<Json>(node);
  if (!isObject(schema) || seen.has(schema)) return [];
  const inner = new Set(seen).add(schema);
  const found = [schema.type].flat().includes("integer") ? [{ trail, schema }] : [];
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const branch of Array.isArray(schema[key]) ? schema[key] : []) {
      const here =
        trail.length === 0 ? [] : [...trail.slice(0, -1), { ...(trail.at(-1) as Trail[0]), schema: branch }];
      found.push(...integersIn(branch, here, inner));
    }
  }
  for (const [name, child] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    found.push(...integersIn(child, [...trail, { step: name, schema: child }], inner));
  }
  if (schema.items !== undefined)
    found.push(...integersIn(schema.items, [...trail, { step: 0, schema: schema.items }], inner));
  return found;
}

/** The request integers of the spec: path and query parameters, and each place in a body, once each. */
function requestIntegers(): RequestInteger[] {
  const all = new Map<string, RequestInteger>();
  for (const op of model.operations) {
    for (const p of op.parameters.filter((p) => p.in === "path" || p.in === "query")) {
      for (const { schema } of integersIn(p.schema, [], new Set())) {
        const where = p.in as "path" | "query";
        const integer = { operationId: op.operationId, where, name: p.name, trail: [], schema };
        all.set(`${op.operationId} ${where} ${p.name}`, integer);
      }
    }
    const media = model.resolve<Json>(op.requestBody)?.content as Json | undefined;
    const body = media && model.resolve<Json>(media["application/json"]).schema;
    for (const { trail, schema } of body ? integersIn(body, [], new Set()) : []) {
      const name = `/${trail.map((t) => t.step).join("/")}`;
      const key = `${op.operationId} body ${name}`;
      if (!all.has(key)) all.set(key, { operationId: op.operationId, where: "body", name, trail, schema });
    }
  }
  return [...all.values()];
}

/** The sample request's body (the spec model's: its first documented example, a fresh copy). */
const bodyExample = (operationId: string) => model.sampleRequest(operationId, F).body as Json;

/** A value for a schema: its first example, or an empty object or a one-item array. */
function exampleOf(node: unknown): unknown {
  const schema = model.resolve<Json>(node);
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return structuredClone(schema.examples[0]);
  if ([schema.type].flat().includes("array")) return [exampleOf(schema.items)];
  return {};
}

/** The body's text with a number literal at the trail's end (missing containers made from the schemas). */
function bodyWith(operationId: string, trail: Trail, literal: string): string {
  const MARK = "\u0000value\u0000";
  const body = bodyExample(operationId);
  let at = body as Record<string | number, unknown>;
  trail.forEach(({ step, schema }, index) => {
    if (index === trail.length - 1) at[step] = MARK;
    else {
      if (at[step] === undefined || at[step] === null) at[step] = exampleOf(schema);
      at = at[step] as Record<string | number, unknown>;
    }
  });
  return JSON.stringify(body).replace(JSON.stringify(MARK), literal);
}

/** The call that sends 2^63 − 1 as this integer, every other part valid. */
function callFor(integer: RequestInteger): { method: string; path: string; body?: string } {
  const op = model.operation(integer.operationId);
  const sample = model.sampleRequest(integer.operationId, F);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    integer.where === "path" && name === integer.name ? INT63 : String(sample.pathParameters[name]),
  );
  const query = integer.where === "query" ? `?${integer.name}=${INT63}` : "";
  const body = op.requestBody
    ? integer.where === "body"
      ? bodyWith(integer.operationId, integer.trail, INT63)
      : JSON.stringify(bodyExample(integer.operationId))
    : undefined;
  return {
    method: op.method.toUpperCase(),
    path: `${path}${query}`,
    ...(body === undefined ? {} : { body }),
  };
}

async function newTenant(): Promise<string> {
  const res = await fetch(`${ctx.sandbox.url}/__sandbox/tenants`, {
    method: "POST",
    headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
  });
  return ((await res.json()) as { api_key: string }).api_key;
}

async function send(key: string, method: string, path: string, body?: string) {
  const res = await fetch(`${ctx.sandbox.url}${path}`, {
    method,
    headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, text: await res.text() };
}

const checkLimits = `/cloud/v1/registries/${F.projectId}/${F.regionId}/check_limits`;

describe("registry quota check, storage_limit beyond 2^53", () => {
  it.each(["9007199254740993", INT63])("takes %s and answers it back exactly", async (size) => {
    const res = await send(SANDBOX_API_KEY, "POST", checkLimits, `{"storage_limit":${size}}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`"registry_storage_requested":${size}`);
    expect(res.text).not.toMatch(ROUNDED);
  });

  it("takes it in a body large enough to be parsed and checked in turns", async () => {
    const padding = "x".repeat(100 * 1024);
    const res = await send(
      SANDBOX_API_KEY,
      "POST",
      checkLimits,
      `{"note":"${padding}","storage_limit":${INT63}}`,
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain(`"registry_storage_requested":${INT63}`);
  });

  it("takes it in an override's answer body and serves it with every digit", async () => {
    const key = await newTenant();
    const override = `{"operation_id":"checkRegistryQuota","status":200,"body":{"registry_storage_requested":${INT63}}}`;
    const armed = await send(key, "POST", "/__sandbox/overrides", override);
    expect(armed.status, armed.text).toBe(201);
    const res = await send(key, "POST", checkLimits, "{}");
    expect(res.status).toBe(200);
    expect(res.text).toBe(`{"registry_storage_requested":${INT63}}`);
  });

  it.each(["-1", "-50", "-9223372036854775808"])(
    "takes a negative storage_limit (%s), which the operation does not refuse",
    async (size) => {
      const res = await send(SANDBOX_API_KEY, "POST", checkLimits, `{"storage_limit":${size}}`);
      expect(res.status).toBe(200);
    },
  );
});

describe("every request integer of the spec at 2^63 − 1", () => {
  const integers = requestIntegers();

  it("finds the integers of bodies, queries and paths", () => {
    const names = integers.map((i) => `${i.operationId} ${i.where} ${i.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "checkRegistryQuota body /storage_limit",
        "previewInstancePrice body /volumes/0/size",
        "createBareMetalServers body /ddos_profile/profile_template",
        "createBareMetalServers body /ddos_profile/fields/0/base_field",
        "createBareMetalServers body /ddos_profile/fields/0/field_value",
        "revokeCdnCertificate body /sslData",
        "listPlanContents query id",
        "checkRegistryQuota path project_id",
      ]),
    );
  });

  it.each(integers.map((i) => [`${i.operationId} ${i.where} ${i.name}`, i] as const))(
    "%s",
    async (label, integer) => {
      const call = callFor(integer);
      const res = await send(await newTenant(), call.method, call.path, call.body);
      const bound = Number(integer.schema.maximum);
      // Named as the services name fields: a parameter by its name, a body field by its path.
      const field = integer.trail.map((t) => t.step).join(".") || integer.name;
      if (bound < 2 ** 63) {
        // A bound the operation states: the one refusal, naming the field.
        expect(res.status, res.text).toBe(400);
        expect(res.text).toContain(`"${field}"`);
      } else if (integer.where === "path") {
        // An id nobody created, as any other unknown id: 404, not a refusal of the number.
        expect(res.status, res.text).toBe(404);
      } else if (STATED_RULES[label]) {
        expect(res.status, res.text).toBe(400);
        expect(res.text).not.toContain(`"${field}"`);
      } else {
        expect(res.status, res.text).toBeLessThan(400);
      }
      // Wherever the answer holds the number, it holds it exactly.
      expect(res.text).not.toMatch(ROUNDED);
    },
  );
});
