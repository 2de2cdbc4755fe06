import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCloudClient, DEFAULT_BASE_URL } from "./create-client.js";
import { ApiError } from "./errors.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";

const API_KEY = "test-key-0123456789";
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url.startsWith("/cloud/v1/tasks/missing")) {
      json(
        res,
        404,
        { message: "Task not found", exception_class: "NotFound" },
        { "x-request-id": "req-404" },
      );
    } else if (req.url.startsWith("/cloud/v1/tasks/")) {
      json(res, 200, task(req.url.split("/").at(-1) ?? "", "FINISHED"));
    } else {
      json(res, 418, { message: "unexpected" });
    }
  });
});
afterAll(() => server.close());

describe("createCloudClient", () => {
  it("defaults to the spec's server URL", () => {
    expect(DEFAULT_BASE_URL).toBe(loadDocument().doc.servers?.[0]?.url);
  });

  it("returns openapi-fetch's { data, error, response } unchanged, without throwing", async () => {
    const client = createCloudClient({ apiKey: API_KEY, baseUrl: server.url });
    const ok = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t-1" } } });
    expect(Object.keys(ok).sort()).toEqual(["data", "response"]);
    expect(ok.data?.state).toBe("FINISHED");
    expect(ok.response.status).toBe(200);

    const failed = await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "missing" } },
    });
    expect(Object.keys(failed).sort()).toEqual(["error", "response"]);
    expect(failed.error).toEqual({ message: "Task not found", exception_class: "NotFound" });
    expect(failed.response.status).toBe(404);
  });

  it("throws ApiError for error statuses when throwOnError is set", async () => {
    const client = createCloudClient({ apiKey: API_KEY, baseUrl: server.url, throwOnError: true });
    const call = client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "missing" } } });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({
      status: 404,
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      requestId: "req-404",
      body: { message: "Task not found" },
    });
    const ok = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t-2" } } });
    expect(ok.data?.id).toBe("t-2");
  });

  it("takes the key from CLOUD_API_KEY when no apiKey is given", async () => {
    vi.stubEnv("CLOUD_API_KEY", "from-the-environment");
    try {
      const client = createCloudClient({ baseUrl: server.url });
      await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "env" } } });
      expect(server.requests.at(-1)?.headers.authorization).toBe("apikey from-the-environment");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    { case: "no key at all", options: {}, env: undefined, message: /no API key.*CLOUD_API_KEY/ },
    {
      case: "an empty apiKey",
      options: { apiKey: "" },
      env: "set-but-unused",
      message: /apiKey option is empty/,
    },
    { case: "a blank apiKey", options: { apiKey: "   " }, env: undefined, message: /apiKey option is empty/ },
    {
      case: "an empty CLOUD_API_KEY",
      options: {},
      env: "",
      message: /CLOUD_API_KEY environment variable is empty/,
    },
  ])("fails at construction with $case", ({ options, env, message }) => {
    vi.stubEnv("CLOUD_API_KEY", env);
    try {
      expect(() => createCloudClient(options)).toThrow(message);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("rejects a key that cannot travel in a header, without repeating it", () => {
    const secret = "sk-line\nbreak-key";
    let error: unknown;
    try {
      createCloudClient({ apiKey: secret });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/cannot be sent in a header/);
    expect(String(error)).not.toContain("sk-line");
  });

  it("accepts a key given with its scheme and surrounding whitespace", async () => {
    const client = createCloudClient({ apiKey: "  apikey padded-key\n", baseUrl: server.url });
    await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "pad" } } });
    expect(server.requests.at(-1)?.headers.authorization).toBe("apikey padded-key");
  });

  it.each(["not a url", "ftp://example.com", "/relative"])("rejects the baseUrl %s", (baseUrl) => {
    expect(() => createCloudClient({ apiKey: API_KEY, baseUrl })).toThrow(/baseUrl/);
  });

  it("accepts a baseUrl with a trailing slash", async () => {
    const client = createCloudClient({ apiKey: API_KEY, baseUrl: `${server.url}/` });
    await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "slash" } } });
    expect(server.requests.at(-1)?.url).toBe("/cloud/v1/tasks/slash");
  });

  it("sends the userAgent option", async () => {
    const client = createCloudClient({ apiKey: API_KEY, baseUrl: server.url, userAgent: "billing-sync/2.1" });
    await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "ua" } } });
    expect(server.requests.at(-1)?.headers["user-agent"]).toBe("billing-sync/2.1");
  });

  it("uses the fetch it is given and keeps openapi-fetch's use()", async () => {
    const seen: string[] = [];
    const client = createCloudClient({
      apiKey: API_KEY,
      baseUrl: server.url,
      fetch: (request) => {
        seen.push(`fetch ${request.method}`);
        return fetch(request);
      },
    });
    client.use({
      onRequest: ({ request, schemaPath }) => {
        seen.push(
          `middleware ${schemaPath} ${request.headers.get("authorization") ? "with" : "without"} key`,
        );
      },
    });
    await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "own-fetch" } } });
    expect(seen).toEqual(["middleware /cloud/v1/tasks/{task_id} with key", "fetch GET"]);
  });

  it("has no options that are required besides the key", () => {
    vi.stubEnv("CLOUD_API_KEY", "k");
    try {
      expect(typeof createCloudClient().GET).toBe("function");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
