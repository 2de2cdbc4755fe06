import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { ApiError, CloudError, NetworkError } from "./errors.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";
import { toApiError } from "./unwrap.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const id = req.url.split("/").at(-1);
    switch (id) {
      case "conflict":
        return json(
          res,
          409,
          { message: "Port is busy", exception_class: "Conflict", request_id: "body-id" },
          { "x-request-id": "header-id" },
        );
      case "validation":
        return json(res, 422, {
          message: "Validation Error",
          exception_class: "ValidationError",
          request_id: "only-in-body",
          invalid_fields: { task_id: ["not a uuid"] },
        });
      case "billing":
        return json(res, 422, { limit: ["Ensure this value is less than or equal to 100."] });
      case "cdn":
        return json(res, 400, { errors: { sslData: ["No certificate to revoke."] } });
      case "iam":
        return json(res, 403, { message: "You do not have permission to perform this action." });
      case "streaming":
        return json(res, 404, { status: 404, error: "Stream not found." });
      case "streaming-list":
        return json(res, 400, { data: [], errors: ["stream_id: must be a positive integer"] });
      case "html":
        res.writeHead(502, { "content-type": "text/html" });
        return res.end("<h1>Bad gateway</h1>");
      case "empty":
        res.writeHead(503, { "content-length": "0" });
        return res.end();
      default:
        return json(res, 200, task(id ?? "", "RUNNING"));
    }
  });
});
afterAll(() => server.close());

const client = () => createCloudClient({ apiKey: "k", baseUrl: server.url, retry: false });
const getTask = (task_id: string) =>
  client().GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } });

describe("ApiError", () => {
  it.each([
    ["billing", "limit: Ensure this value is less than or equal to 100."],
    ["cdn", "sslData: No certificate to revoke."],
    ["iam", "You do not have permission to perform this action."],
    ["streaming", "Stream not found."],
    ["streaming-list", "stream_id: must be a positive integer"],
    ["conflict", "Port is busy"],
  ])("finds the server's message in a %s error body", async (id, text) => {
    const error = toApiError(await getTask(id));
    expect(error?.serverMessage).toBe(text);
    expect(error?.message).toContain(`failed with status ${error?.status}: ${text}`);
  });

  it("carries status, method, path template, parsed body and the request id header", async () => {
    const error = toApiError(await getTask("conflict"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(CloudError);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 409,
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      operationId: "getTask",
      requestId: "header-id",
      exceptionClass: "Conflict",
      body: { message: "Port is busy", exception_class: "Conflict", request_id: "body-id" },
    });
    expect(error?.message).toBe(
      "GET /cloud/v1/tasks/{task_id} failed with status 409: Port is busy (request id header-id)",
    );
    expect(error?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "ApiError",
      message: error?.message,
      status: 409,
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      operationId: "getTask",
      requestId: "header-id",
      body: { message: "Port is busy", exception_class: "Conflict", request_id: "body-id" },
    });
  });

  it("falls back to the body's request_id and keeps invalid_fields", async () => {
    const error = toApiError(await getTask("validation"));
    expect(error?.requestId).toBe("only-in-body");
    expect(error?.body).toMatchObject({ invalid_fields: { task_id: ["not a uuid"] } });
  });

  it("keeps a body that is not JSON as text, and an empty one as undefined", async () => {
    const html = toApiError(await getTask("html"));
    expect(html).toMatchObject({ status: 502, body: "<h1>Bad gateway</h1>" });
    expect(html?.message).toContain(": <h1>Bad gateway</h1>");
    const empty = toApiError(await getTask("empty"));
    expect(empty).toMatchObject({ status: 503, body: undefined, requestId: undefined });
    expect(empty?.message).toBe("GET /cloud/v1/tasks/{task_id} failed with status 503");
  });

  it.each([null, 42, ["a"], { message: 7 }])("copes with an odd JSON error body: %j", (body) => {
    const error = new ApiError({ status: 500, method: "GET", path: "/p", body, headers: new Headers() });
    expect(error.message).toBe("GET /p failed with status 500");
    expect(error.exceptionClass).toBeUndefined();
    expect(error.requestId).toBeUndefined();
  });

  it("is undefined for a successful result", async () => {
    expect(toApiError(await getTask("fine"))).toBeUndefined();
  });
});

describe("NetworkError", () => {
  it("is what a refused connection becomes, with the system error code and the host", async () => {
    const closed = await startServer(() => undefined);
    const url = closed.url;
    const host = new URL(url).host;
    await closed.close();
    const offline = createCloudClient({ apiKey: "k", baseUrl: url, retry: false });
    const call = offline.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "x" } } });
    await expect(call).rejects.toBeInstanceOf(NetworkError);
    await expect(call).rejects.toMatchObject({
      name: "NetworkError",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      operationId: "getTask",
      code: "ECONNREFUSED",
      host,
      message: expect.stringMatching(
        new RegExp(
          `^GET /cloud/v1/tasks/\\{task_id\\}: network error \\(ECONNREFUSED\\) reaching ${host} after \\d+ ms$`,
        ),
      ),
    });
    await expect(call).rejects.toHaveProperty("cause");
  });
});
