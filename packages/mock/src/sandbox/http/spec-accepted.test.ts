// The sandbox refuses only what the spec says, checked the way Schemathesis does, through a real server: for
// every operation that takes a body, valid requests are built from the spec (its sample request's path, each
// documented example of the body, plus unknown properties holding any JSON, huge integers and floats among
// them) and each must be accepted (exact-integers.test.ts sends each declared integer at 2^63 − 1).
import { loadDocument } from "@cloud-contract/spec/document";
import { isObject, type Json } from "@cloud-contract/spec/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";

const model = loadDocument();
const ctx = useSandbox({ tenantCreation: { burst: 1_000, everyMs: 1 } });

const withBody = model.operations.filter((op) => op.requestBody);

/** The documented examples of an operation's JSON body. */
function bodyExamples(operationId: string): Json[] {
  const op = model.findOperation(operationId);
  const media = model.resolve<Json>(op?.requestBody)?.content as Json | undefined;
  const json = model.resolve<Json>(media?.["application/json"]);
  return Object.values((json?.examples ?? {}) as Record<string, Json>).map(
    (example) => model.resolve<Json>(example).value as Json,
  );
}

/** The property names a body schema declares (unknown ones are any others). */
function declaredProperties(operationId: string): Set<string> {
  const op = model.findOperation(operationId);
  const media = model.resolve<Json>(op?.requestBody)?.content as Json;
  const schema = model.resolve<Json>(model.resolve<Json>(media["application/json"]).schema);
  return new Set(Object.keys(isObject(schema.properties) ? schema.properties : {}));
}

/** A JSON number literal JavaScript cannot hold exactly: a long integer, or a float far beyond 2^53. */
const hugeNumber = fc.oneof(
  fc.stringMatching(/^-?[1-9]\d{16,40}$/),
  fc.stringMatching(/^[1-9]\.\d{1,6}e(1[6-9]|[2-9]\d|[1-2]\d\d)$/),
);

/** Unknown properties: names the schema does not declare, holding any JSON or a huge number literal. */
const unknownProperties = (declared: Set<string>) =>
  fc.array(
    fc.tuple(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((name) => !declared.has(name) && name !== "__proto__"),
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        hugeNumber,
      ),
    ),
    { maxLength: 4 },
  );

/** The body text: the example's members, then each unknown member written as its literal. */
function bodyText(example: Json, extra: [string, string][]): string {
  const known = JSON.stringify(example).slice(1, -1);
  const members = extra.map(([name, literal]) => `${JSON.stringify(name)}:${literal}`);
  return `{${[known, ...members].filter((m) => m.length > 0).join(",")}}`;
}

async function newTenant(): Promise<string> {
  const created = await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
  expect(created.status).toBe(201);
  return created.body.api_key;
}

describe("valid requests built from the spec are accepted", () => {
  it.each(withBody.map((op) => [op.operationId, op] as const))(
    "%s: its examples with unknown properties of any value, huge numbers included",
    async (operationId, op) => {
      const examples = bodyExamples(operationId);
      expect(examples.length).toBeGreaterThan(0);
      const declared = declaredProperties(operationId);
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...examples),
          unknownProperties(declared),
          async (example, extra) => {
            // A fresh tenant for each call: a rule the spec states (a duplicate setting, a second revoke) is
            // not what is tested here.
            const key = await newTenant();
            const { path } = model.sampleRequest(operationId, F);
            const body =
              isObject(example) && "email" in example
                ? { ...example, email: `n${n++}-${example.email}` }
                : example;
            const res = await fetch(`${ctx.sandbox.url}${path}`, {
              method: op.method,
              headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
              body: bodyText(body, extra),
            });
            const text = await res.text();
            if (res.status >= 400) throw new Error(`${res.status} for ${bodyText(body, extra)}: ${text}`);
          },
        ),
        { numRuns: 12 },
      );
    },
  );

  it.each([
    ["o'brien+alerts@mail.example.co.uk", 201],
    ['"first last"@example.com', 201],
    ["alerts@localhost", 201],
    ["alerts@[192.0.2.1]", 201],
    ["alerts@[IPv6:2001:db8::1]", 201],
    ["a..b@example.com", 400],
    ["alerts@-example.com", 400],
    ["Alerts <alerts@example.com>", 400],
  ])("an e-mail address is taken when it is an RFC 5321 mailbox: %s → %i", async (email, status) => {
    const path = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
    const key = await newTenant();
    const res = await sandboxRequest(ctx.sandbox.url, "POST", path, key, {
      notification_type: "failed_login",
      email,
    });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.errors).toHaveProperty(["email"]);
    else expect(res.body.email).toBe(email);
  });

  it("an id in the path too large for any entity is a 404, as an unknown id is", async () => {
    for (const stream of ["99999", "123456789012345678901234567890"]) {
      const res = await sandboxRequest(
        ctx.sandbox.url,
        "POST",
        `/streaming/streams/${stream}/reset_push_token`,
        SANDBOX_API_KEY,
      );
      expect(res.status).toBe(404);
    }
  });
});
