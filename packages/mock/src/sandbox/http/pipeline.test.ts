// The pipeline's own answers over the real spec, through HTTP: HEAD, OPTIONS and 405 in each service's shape,
// 413 and clients that leave mid-body, integers JavaScript cannot hold, and a backing store that is down.
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBodyRequest, sandboxRequest } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { SANDBOX_HANDLERS } from "../handlers/index.js";
import { Store } from "../store.js";
import { StoreUnavailable } from "../store-unavailable.js";
import { createApiHandler } from "./api-handler.js";
import { type Listening, listen } from "./listen.js";

const KEY = "pipeline-key";
const MAX_BODY = 64 * 1024;
const store = new Store({ taskDelayMs: 60_000 });
let unavailable = false;
let commitFails = false;
let commits = 0;
let server: Listening;

beforeAll(async () => {
  server = await listen(
    createApiHandler<Store>({
      model: loadDocument(),
      handlers: SANDBOX_HANDLERS,
      appFor: (key) => (key === KEY ? { app: store } : undefined),
      catchUp: async () => {
        if (unavailable)
          throw new StoreUnavailable("connect ECONNREFUSED 10.1.2.3:5432", { retryAfterSeconds: 2 });
        return async () => {};
      },
      onWrite: async () => {
        if (commitFails)
          throw new StoreUnavailable("ENOSPC: /var/lib/sandbox/data.mdb", { retryAfterSeconds: 3 });
        commits++;
      },
      maxBodyBytes: MAX_BODY,
      validateResponses: true,
    }),
  );
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown) =>
  sandboxRequest(server.url, method, path, KEY, body);

/** One path per service, with the methods it has, and that service's error shape for a message. */
const SERVICES = [
  {
    service: "cloud",
    path: `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`,
    allow: "GET, HEAD, OPTIONS",
    shape: {
      message: expect.any(String),
      exception_class: expect.any(String),
      request_id: expect.any(String),
    },
  },
  {
    service: "billing",
    path: "/billing/org/v1/plans/contents",
    allow: "GET, HEAD, OPTIONS",
    shape: { detail: expect.any(String) },
  },
  {
    service: "iam",
    path: `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
    allow: "GET, POST, HEAD, OPTIONS",
    shape: { message: expect.any(String) },
  },
  {
    service: "cdn",
    path: `/cdn/resources/${F.cdnResourceId}`,
    allow: "PATCH, OPTIONS",
    shape: { message: expect.any(String) },
  },
  {
    service: "streaming",
    path: `/streaming/streams/${F.streamId}/reset_push_token`,
    allow: "POST, OPTIONS",
    shape: { status: 405, error: expect.any(String) },
  },
];

describe("methods", () => {
  it.each(SERVICES)("$service: OPTIONS answers 204 with Allow and no body", async ({ path, allow }) => {
    const res = await call("OPTIONS", path);
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.body).toBeUndefined();
  });

  it.each(SERVICES)(
    "$service: DELETE answers 405 with Allow in the service's shape",
    async ({ path, allow, shape }) => {
      const res = await call("DELETE", path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body).toEqual(shape);
    },
  );

  it.each(SERVICES)(
    "$service: HEAD answers as GET does, without a body (405 where there is no GET)",
    async (s) => {
      const head = await fetch(`${server.url}${s.path}`, {
        method: "HEAD",
        headers: { Authorization: `apikey ${KEY}` },
      });
      expect(await head.text()).toBe("");
      if (!s.allow.startsWith("GET")) {
        expect(head.status).toBe(405);
        expect(head.headers.get("allow")).toBe(s.allow);
        return;
      }
      const get = await call("GET", s.path);
      expect(head.status).toBe(get.status);
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    },
  );

  it("HEAD without a key is the GET's 401", async () => {
    const res = await fetch(`${server.url}${SERVICES[0]?.path}`, { method: "HEAD" });
    expect(res.status).toBe(401);
  });
});

describe("bodies over the limit", () => {
  const settings = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
  const big = JSON.stringify({
    notification_type: "failed_login",
    email: "a@b.example",
    pad: "x".repeat(MAX_BODY),
  });

  it("answer 413 in the service's shape with X-Request-Id, and write nothing", async () => {
    const before = commits;
    const res = await call("POST", settings, JSON.parse(big));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: `The request body is larger than ${MAX_BODY} bytes.` });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    expect(commits).toBe(before);
  });

  it("a client that leaves mid-body leaves the server serving and nothing written", async () => {
    const before = { commits, settings: store.snapshot().notificationSettings.length };
    await new Promise<void>((resolve) => {
      const req = openBodyRequest(server.url, "POST", settings, KEY, 30_000);
      req.on("error", () => resolve());
      req.write('{"notification_type":"failed_login","email":"gone@b.example","pad":"');
      req.write("x".repeat(10_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const after = await call("GET", settings);
    expect(after.status).toBe(200);
    expect(commits).toBe(before.commits);
    expect(store.snapshot().notificationSettings).toHaveLength(before.settings);
  });
});

describe("percent-encoded path parameters", () => {
  it("are decoded before they are checked", async () => {
    const encoded = [...String(F.projectId)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
    const res = await call("GET", `/cloud/v1/tasks/${encoded}/${F.regionId}/active`);
    expect(res.status).toBe(200);
    expect((res.body as { count: number }).count).toBeGreaterThan(0);
  });

  it("a broken escape is a 400 naming the parameter", async () => {
    const res = await call("GET", `/cloud/v1/tasks/%E0%A4/${F.regionId}/active`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Path parameter project_id is not valid percent-encoding.");
  });
});

describe("integers JavaScript cannot hold exactly", () => {
  it("in a body: taken as an integer and answered back with every digit, nothing rounded", async () => {
    const res = await fetch(`${server.url}/cloud/v1/registries/${F.projectId}/${F.regionId}/check_limits`, {
      method: "POST",
      headers: { Authorization: `apikey ${KEY}`, "Content-Type": "application/json" },
      body: '{"storage_limit": 123456789012345678901234567890}',
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('"registry_storage_requested":123456789012345678901234567890');
    expect(text).not.toMatch(/e\+29|1\.23/);
  });

  it("in a path: 404, as for any id nobody created, naming the id as sent", async () => {
    const res = await call("GET", `/cloud/v1/tasks/12345678901234567890/${F.regionId}/active`);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain("12345678901234567890");
  });

  it("in a query where the spec sets no maximum: taken as the spec allows it (a page of everything)", async () => {
    const res = await call(
      "GET",
      `/iam/reselling/resellers/${F.resellerId}/notification_settings?limit=99999999999999999999`,
    );
    expect(res.status).toBe(200);
    const all = await call(
      "GET",
      `/iam/reselling/resellers/${F.resellerId}/notification_settings?limit=1000`,
    );
    expect(res.body).toEqual(all.body);
  });
});

describe("a backing store that is down", () => {
  const WRITES = [
    ["cloud", "GET", `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`, undefined, SERVICES[0]?.shape],
    ["billing", "GET", "/billing/org/v1/plans/contents", undefined, { detail: expect.any(String) }],
    [
      "iam",
      "POST",
      `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
      { notification_type: "failed_login", email: "down@b.example" },
      { message: expect.any(String) },
    ],
    [
      "cdn",
      "PATCH",
      `/cdn/resources/${F.cdnResourceId}`,
      { sslData: null, sslEnabled: false },
      { message: expect.any(String) },
    ],
    [
      "streaming",
      "POST",
      `/streaming/streams/${F.streamId}/reset_push_token`,
      undefined,
      { status: 503, error: expect.any(String) },
    ],
  ] as const;

  it.each(WRITES)(
    "%s: 503 with Retry-After in the service's shape, naming no host or port",
    async (_s, method, path, body, shape) => {
      unavailable = true;
      try {
        const res = await call(method, path, body);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("2");
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
        expect(res.body).toEqual(shape);
        expect(JSON.stringify(res.body)).not.toMatch(/10\.1\.2\.3|5432|ECONNREFUSED/);
      } finally {
        unavailable = false;
      }
      expect((await call(method, path, body)).status).toBeLessThan(300);
    },
  );

  it.each(WRITES.filter(([, method]) => method !== "GET"))(
    "%s: a commit that fails is a 503 with Retry-After in the service's shape, naming no path",
    async (_s, method, path, body, shape) => {
      commitFails = true;
      try {
        // Another e-mail than the setting the test above created, else it is a duplicate.
        const payload = body && "email" in body ? { ...body, email: "commit-fails@b.example" } : body;
        const res = await call(method, path, payload);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("3");
        expect(res.body).toEqual(shape);
        expect(JSON.stringify(res.body)).not.toMatch(/ENOSPC|var\/lib/);
      } finally {
        commitFails = false;
      }
    },
  );
});
