import { request } from "node:http";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, describe, expect, it } from "vitest";
import { useSandbox } from "../test-support/sandbox.js";
import { assertDocumented, type CallOptions, checked, OPERATION_IDS } from "../test-support/spec-client.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { startSandbox } from "./server.js";

const ctx = useSandbox({
  apiKeys: { "key-for-project-1": { projects: [1] }, "key-for-both": { projects: [2], resellers: [1020] } },
});
const P = { project_id: F.projectId, region_id: F.regionId };
const auth = { Authorization: `apikey ${SANDBOX_API_KEY}` };

/** The 401 body of each service (by the first part of the operation's area). */
const UNAUTHENTICATED: Record<string, object> = {
  cloud: { message: expect.any(String), exception_class: "NotAuthenticated", request_id: expect.any(String) },
  billing: { detail: expect.any(String) },
  cdn: { message: expect.any(String) },
  iam: { message: expect.any(String) },
  streaming: { status: 401, error: expect.any(String) },
};

/** One valid call of every operation: its sample request (the spec model's) on the sandbox's fixtures. */
const CALLS = OPERATION_IDS.map((operationId): [string, CallOptions] => {
  const { pathParameters, query, body } = loadDocument().sampleRequest(operationId, F);
  return [operationId, { params: pathParameters, query, body }];
});

describe("every operation", () => {
  it.each(CALLS)("%s answers 2xx with a body valid against the spec", async (operationId, options) => {
    const res = await ctx.api.call(operationId, options);
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it.each(CALLS)(
    "%s answers 401 without Authorization, in its service's error shape",
    async (operationId, options) => {
      const res = await ctx.api.call(operationId, { ...options, key: null });
      expect(res.status).toBe(401);
      const service = loadDocument().operation(operationId).service ?? "";
      expect(res.body).toMatchObject(UNAUTHENTICATED[service] ?? { unknown: service });
    },
  );

  it.each([
    ["another scheme", "Bearer sandbox-api-key"],
    ["an empty header", ""],
    ["the key without the scheme word", "sandbox-api-key"],
    ["no key", "apikey "],
    ["an unknown key", "apikey nope"],
  ])("answers 401 for %s", async (_name, header) => {
    const res = await ctx.api.call("listActiveTasks", {
      params: P,
      headers: { Authorization: header },
      key: null,
    });
    expect(res.status).toBe(401);
  });

  it.each(["apikey", "APIKey", "ApiKey"])(
    "accepts the scheme word written %s, as the official SDKs send it",
    async (scheme) => {
      const res = await ctx.api.call("listActiveTasks", {
        params: P,
        headers: { Authorization: `${scheme} sandbox-api-key` },
        key: null,
      });
      expect(res.status).toBe(200);
    },
  );

  afterAll(() => {
    // Every answer above went through assertDocumented; make sure each operation had a 2xx and a 401 checked.
    for (const id of OPERATION_IDS) {
      expect(
        [...checked].some((c) => c.startsWith(`${id} 2`)),
        `${id} 2xx`,
      ).toBe(true);
      expect(checked.has(`${id} 401`), `${id} 401`).toBe(true);
    }
  });
});

describe("keys bound to projects and resellers", () => {
  it.each([
    ["key-for-project-1", "listActiveTasks", { params: P }, 200],
    ["key-for-project-1", "listActiveTasks", { params: { project_id: 2, region_id: 1 } }, 403],
    ["key-for-project-1", "listResellerNotificationSettings", { params: { resellerId: 1020 } }, 403],
    ["key-for-both", "listActiveTasks", { params: { project_id: 2, region_id: 1 } }, 200],
    ["key-for-both", "listResellerNotificationSettings", { params: { resellerId: 1020 } }, 200],
    ["key-for-both", "listResellerNotificationSettings", { params: { resellerId: 1021 } }, 403],
    // Resources outside projects and resellers are open to every valid key.
    ["key-for-project-1", "listPlanContents", {}, 200],
    [F.reseller1021ApiKey, "resetStreamPushToken", { params: { stream_id: F.streamId } }, 200],
  ] as const)("%s on %s %o → %i", async (key, operationId, options, status) => {
    const res = await ctx.api.call(operationId, { ...options, key });
    expect(res.status).toBe(status);
  });
});

describe("bad input", () => {
  const raw = (
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${ctx.sandbox.url}${path}`, {
      method,
      headers: { ...auth, ...headers },
      ...(body === undefined ? {} : { body }),
    });
  const settings = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;

  // addResellerNotificationSetting is an IAM operation: its errors are `{message}`.
  it("answers 400 with the IAM error body for malformed JSON", async () => {
    const res = await raw("POST", settings, '{"email": ', { "Content-Type": "application/json" });
    expect(res.status).toBe(400);
    const body = await res.json();
    assertDocumented("addResellerNotificationSetting", 400, "application/json", body);
    expect(body.message).toMatch(/^The request body is not valid JSON/);
  });

  it.each([
    ["text/plain", "text/plain"],
    ["form data", "application/x-www-form-urlencoded"],
    ["no content type", undefined],
  ])("answers 400 (no 415 in the spec) for %s", async (_name, type) => {
    const res = await raw(
      "POST",
      settings,
      '{"notification_type":"failed_login","email":"a@b.example"}',
      type ? { "Content-Type": type } : {},
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    assertDocumented("addResellerNotificationSetting", 400, "application/json", body);
    expect(body.message).toMatch(/^Content-Type must be application\/json/);
  });

  it("accepts application/json with a charset", async () => {
    const res = await raw(
      "POST",
      settings,
      '{"notification_type":"failed_login","email":"charset@b.example"}',
      {
        "Content-Type": "application/json; charset=utf-8",
      },
    );
    expect(res.status).toBe(201);
  });

  it("answers 413 (HTTP's own) in the service's shape for a body over 1 MiB and keeps serving", async () => {
    const huge = JSON.stringify({
      notification_type: "failed_login",
      email: "a@b.example",
      pad: "x".repeat(2 * 1024 * 1024),
    });
    const res = await raw("POST", settings, huge, { "Content-Type": "application/json" });
    expect(res.status).toBe(413);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const body = await res.json();
    expect(body).toEqual({ message: expect.stringMatching(/^The request body is larger than/) });
    expect((await raw("GET", settings, undefined)).status).toBe(200);
  });

  it("cuts off a chunked upload that passes the limit", async () => {
    const url = new URL(`${ctx.sandbox.url}${settings}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        { method: "POST", headers: { ...auth, "Content-Type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    }).catch(() => 413); // the server may close the socket before the upload ends
    expect(status).toBe(413);
  });

  it.each([
    "/",
    "/cloud",
    "/cloud/v1/tasks",
    "/cloud/v1/tasks/1/1/active/extra",
    "/billing/org/v1/plans/contents/",
    "/nope",
  ])("answers 404 with the Error body for the unknown path %s", async (path) => {
    const res = await raw("GET", path, undefined);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      message: expect.any(String),
      exception_class: "NotFound",
      request_id: expect.any(String),
    });
  });

  it("answers 405 with Allow for a method the path does not have", async () => {
    const res = await raw("DELETE", "/cdn/resources/220", undefined);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("PATCH, OPTIONS");
  });

  it("never lets bad input change the state", async () => {
    const before = JSON.stringify(ctx.sandbox.state().notificationSettings);
    await raw("POST", settings, "{not json", { "Content-Type": "application/json" });
    await raw("POST", settings, '{"notification_type":"x","email":"a@b.example"}', {
      "Content-Type": "application/json",
    });
    await raw("POST", settings, '{"notification_type":"failed_login","email":"z@b.example"}', {
      "Content-Type": "text/plain",
    });
    expect(JSON.stringify(ctx.sandbox.state().notificationSettings)).toBe(before);
  });
});

describe("control endpoints of the default world (the default key)", () => {
  it("GET /__sandbox/state shows every resource kind as an array in API shape", async () => {
    const res = await fetch(`${ctx.sandbox.url}/__sandbox/state`, { headers: auth });
    expect(res.status).toBe(200);
    const state = await res.json();
    for (const kind of [
      "securityGroups",
      "ports",
      "streams",
      "cdnResources",
      "tasks",
      "notificationSettings",
      "planContents",
      "projects",
      "resellers",
    ]) {
      expect(Array.isArray(state[kind]), kind).toBe(true);
      expect(state[kind].length, kind).toBeGreaterThan(0);
    }
    expect(state.securityGroups[0].id).toBe(F.securityGroupId);
    expect(state.streams.map((s: { id: number }) => s.id)).toContain(F.streamId);
  });

  it("POST /__sandbox/reset puts the fixtures back", async () => {
    await ctx.api.call("updateSecurityGroup", {
      params: { ...P, group_id: F.securityGroupId },
      body: { name: "changed" },
    });
    const res = await fetch(`${ctx.sandbox.url}/__sandbox/reset`, { method: "POST", headers: auth });
    expect(res.status).toBe(200);
    expect(ctx.sandbox.state().securityGroups[0]?.name).toBe("web-servers");
  });

  it("answers 401 without a key, 404 for other paths and 405 for another method", async () => {
    expect((await fetch(`${ctx.sandbox.url}/__sandbox/state`)).status).toBe(401);
    expect((await fetch(`${ctx.sandbox.url}/__sandbox/reset`, { method: "POST" })).status).toBe(401);
    expect((await fetch(`${ctx.sandbox.url}/__sandbox/nothing`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${ctx.sandbox.url}/__sandbox/reset`, { headers: auth })).status).toBe(405);
  });
});

describe("concurrent writes", () => {
  it("applies 50 parallel patches of one group: revision_number grows by exactly 50 and every tag is there", async () => {
    ctx.sandbox.reset();
    const start = ctx.sandbox.state().securityGroups[0]?.revision_number as number;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.api.call("updateSecurityGroup", {
          params: { ...P, group_id: F.securityGroupId },
          body: { tags: { [`t${i}`]: String(i) } },
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const revisions = results.map((r) => r.body.revision_number).sort((a, b) => a - b);
    expect(revisions).toEqual(Array.from({ length: 50 }, (_, i) => start + i + 1));
    const group = ctx.sandbox.state().securityGroups[0];
    expect(group?.revision_number).toBe(start + 50);
    expect(group?.tags_v2.filter((t) => t.key.startsWith("t"))).toHaveLength(51); // t0…t49 and "team"
  });
});

describe("start-up", () => {
  // How long it takes to start is a figure of `bench` (next to Prism's), not a bound of this test.
  it("answers once started and stops cleanly", async () => {
    const sandbox = await startSandbox();
    try {
      expect((await fetch(`${sandbox.url}/billing/org/v1/plans/contents`, { headers: auth })).status).toBe(
        200,
      );
    } finally {
      await sandbox.stop();
      await sandbox.stop();
    }
    await expect(fetch(`${sandbox.url}/billing/org/v1/plans/contents`)).rejects.toThrow();
  });

  it("serves each of the spec's operations", () => {
    expect(ctx.sandbox.operations.map((o) => o.operationId).sort()).toEqual([...OPERATION_IDS].sort());
  });
});
