import { HTTP_METHODS } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { ApiError, NetworkError } from "./errors.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => json(res, 200, task(req.url.split("/").at(-1) ?? "", "FINISHED")));
});
afterAll(() => server.close());

describe("the wrapped client", () => {
  it("runs request(method, …) like the method of the same name, whatever the case of the method", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    const { data } = await client.request("get", "/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "via-request" } },
    });
    expect(data?.id).toBe("via-request");
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", url: "/cloud/v1/tasks/via-request" });
  });

  it("wraps every call method openapi-fetch has (GET … TRACE): each throws typed errors when asked to", async () => {
    const failing = await startServer((_req, res) => json(res, 500, { message: "down" }));
    try {
      const client = createCloudClient({
        apiKey: "k",
        baseUrl: failing.url,
        throwOnError: true,
        retry: false,
      });
      const methods = HTTP_METHODS.map((m) => m.toUpperCase());
      for (const method of methods) {
        // biome-ignore lint/suspicious/noExplicitAny: every method on one path, whatever the spec declares
        const call = (client as any)[method] as (path: string, init: object) => Promise<unknown>;
        // Node's fetch refuses TRACE itself: that call fails as a NetworkError before it is sent.
        const expected = method === "TRACE" ? NetworkError : ApiError;
        await expect(
          call("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "x" } } }),
          method,
        ).rejects.toBeInstanceOf(expected);
      }
      expect(failing.requests.map((r) => r.method)).toEqual(methods.filter((m) => m !== "TRACE"));
    } finally {
      await failing.close();
    }
  });

  it("keeps use() and eject() of openapi-fetch", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    const tagged = {
      onRequest: ({ request }: { request: Request }) => void request.headers.set("X-Tag", "on"),
    };
    client.use(tagged);
    await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "a" } } });
    expect(server.requests.at(-1)?.headers["x-tag"]).toBe("on");
    client.eject(tagged);
    await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "b" } } });
    expect(server.requests.at(-1)?.headers["x-tag"]).toBeUndefined();
  });

  it("runs many calls at once, each with its own deadline", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 5_000 });
    const ids = Array.from({ length: 50 }, (_, i) => `parallel-${i}`);
    const results = await Promise.all(
      ids.map((task_id) => client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } })),
    );
    expect(results.map((r) => r.data?.id)).toEqual(ids);
  });
});
