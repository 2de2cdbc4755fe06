import { inspect } from "node:util";
import type { paths } from "@cloud-contract/types";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "../create-client.js";
import { ApiError, NetworkError, TimeoutError } from "../errors.js";
import { json, startServer, type TestServer } from "../test-support/server.js";
import { unwrap } from "../unwrap.js";
import { createAuthMiddleware } from "./auth.js";
import type { CloudClientLogEvent } from "./log.js";

const SECRET = "sk-live-7f3a9c-SECRET-d41d8cd98f00";
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url.startsWith("/cloud/v1/tasks/echo")) {
      // A careless server that repeats the credential it got, in its message, a field and a header.
      const got = String(req.headers.authorization);
      json(res, 401, { message: `Invalid token: ${got}`, info: { [got]: [got] } }, { "x-request-id": got });
    } else if (req.url.startsWith("/cloud/v1/tasks/reset")) {
      req.headers.connection = "close";
      res.socket?.destroy();
    } else if (req.url.startsWith("/cloud/v1/tasks/slow")) {
      setTimeout(() => json(res, 200, {}), 500);
    } else {
      json(res, 200, { tasks: [] });
    }
  });
});
afterAll(() => server.close());

const client = () => createCloudClient({ apiKey: SECRET, baseUrl: server.url, retry: false });
const path = { project_id: 1, region_id: 2 };

/** Every way an error can be looked at: message, string, JSON, properties, a deep inspection. */
function views(error: unknown): string[] {
  const e = error as Error;
  return [
    e.message,
    String(e),
    e.toString(),
    JSON.stringify(e),
    JSON.stringify(Object.fromEntries(Object.entries(e))),
    inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    e.stack ?? "",
  ];
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("auth", () => {
  it("sends Authorization: apikey <KEY> on every request, whatever the method", async () => {
    const c = client();
    const before = server.requests.length;
    await c.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "a" } } });
    await c.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
      params: { path },
      body: {
        flavor: "bm2-hf-small",
        image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
        interfaces: [{ type: "external" }],
      },
    });
    await c.PUT("/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs", {
      params: { path: { ...path, port_id: "p" } },
      body: { allowed_address_pairs: [] },
    });
    await c.PATCH("/cdn/resources/{res_id}", {
      params: { path: { res_id: 7 } },
      body: { sslData: null, sslEnabled: false },
    });
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.method)).toEqual(["GET", "POST", "PUT", "PATCH"]);
    for (const request of sent) expect(request.headers.authorization).toBe(`apikey ${SECRET}`);
  });

  it("lets a call pass another key on purpose", async () => {
    await client().GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "b" } },
      headers: { Authorization: "apikey another-tenant-key" },
    });
    expect(server.requests.at(-1)?.headers.authorization).toBe("apikey another-tenant-key");
  });

  it("is also middleware for a plain openapi-fetch client, which overrides a call's header", async () => {
    const plain = createClient<paths>({ baseUrl: server.url });
    plain.use(createAuthMiddleware(SECRET));
    await plain.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "plain" } },
      headers: { Authorization: "Bearer something-else" },
    });
    expect(server.requests.at(-1)?.headers.authorization).toBe(`apikey ${SECRET}`);
  });

  it("never puts the key in a URL", () => {
    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) expect(request.url).not.toContain(SECRET);
  });
});

describe("the key stays secret", () => {
  it("in an ApiError, even when the server echoes it (throwOnError and unwrap)", async () => {
    const thrown = await caught(
      createCloudClient({ apiKey: SECRET, baseUrl: server.url, throwOnError: true }).GET(
        "/cloud/v1/tasks/{task_id}",
        {
          params: { path: { task_id: "echo" } },
        },
      ),
    );
    const result = await client().GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "echo" } } });
    const unwrapped = await caught(Promise.resolve().then(() => unwrap(result)));
    for (const error of [thrown, unwrapped]) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toContain("Invalid token: apikey [REDACTED]");
      for (const view of views(error)) expect(view).not.toContain(SECRET);
      expect(JSON.stringify((error as ApiError).body)).not.toContain(SECRET);
      expect((error as ApiError).requestId).toBe("apikey [REDACTED]");
    }
  });

  it("in a NetworkError", async () => {
    const error = await caught(
      client().GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "reset" } } }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    for (const view of views(error)) expect(view).not.toContain(SECRET);
  });

  it("in a TimeoutError", async () => {
    const error = await caught(
      createCloudClient({ apiKey: SECRET, baseUrl: server.url, timeoutMs: 50 }).GET(
        "/cloud/v1/tasks/{task_id}",
        {
          params: { path: { task_id: "slow" } },
        },
      ),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    for (const view of views(error)) expect(view).not.toContain(SECRET);
  });

  it("in the debug log, which shows the Authorization header as redacted", async () => {
    const events: CloudClientLogEvent[] = [];
    const logged = createCloudClient({
      apiKey: SECRET,
      baseUrl: server.url,
      logger: (event) => events.push(event),
      retry: { baseDelayMs: 1 },
    });
    await logged.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "ok" } } });
    await logged.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "echo" } } });
    await caught(logged.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "reset" } } }));
    expect(events.map((e) => e.type)).toEqual([
      ...["request", "response"],
      ...["request", "response"],
      ...["request", "retry", "request", "retry", "request"],
    ]);
    expect(events[0]).toMatchObject({
      type: "request",
      method: "GET",
      url: `${server.url}/cloud/v1/tasks/ok`,
      headers: { authorization: "apikey [REDACTED]" },
    });
    expect(events[3]).toMatchObject({ type: "response", status: 401 });
    expect(inspect(events, { depth: Number.POSITIVE_INFINITY })).not.toContain(SECRET);
  });
});
