// validateResponses against a real HTTP server on 127.0.0.1 that answers what the test tells it: bodies
// that keep the spec, and bodies, statuses and content types that break it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WrongContentTypeError } from "./answer-errors.js";
import { createCloudClient } from "./create-client.js";
import { ApiError, ResponseValidationError } from "./errors.js";
import type { CloudClientLogEvent } from "./middleware/log.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";

const SECRET = "sk-validate-0123456789abcdef";
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const id = req.url.split("/").at(-1) ?? "";
    switch (id) {
      case "bad-state":
        return json(res, 200, task(id, "DONE" as never), { "x-request-id": "req-bad-state" });
      case "missing-id": {
        const { id: _, ...rest } = task(id, "RUNNING");
        return json(res, 200, rest);
      }
      case "teapot":
        return json(res, 418, { message: "I'm a teapot" });
      case "plain":
        // A JSON body under a content type the spec does not list.
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end(JSON.stringify(task(id, "FINISHED")));
      case "not-found":
        return json(res, 404, { message: "Task not found", exception_class: "NotFound", request_id: "r" });
      case "secret":
        return json(res, 200, task(id, `state ${SECRET}` as never));
      default:
        return json(res, 200, task(id, "FINISHED"));
    }
  });
});
afterAll(() => server.close());

const get = (client: ReturnType<typeof createCloudClient>, task_id: string) =>
  client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } });

describe('validateResponses: "throw"', () => {
  const client = () =>
    createCloudClient({ apiKey: SECRET, baseUrl: server.url, retry: false, validateResponses: "throw" });

  it("returns an answer that keeps the spec as it is", async () => {
    const { data } = await get(client(), "ok");
    expect(data?.state).toBe("FINISHED");
  });

  it("raises ResponseValidationError naming the operation, status, JSON pointer and value", async () => {
    const failure = await get(client(), "bad-state").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseValidationError);
    expect(failure).toMatchObject({
      name: "ResponseValidationError",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      operationId: "getTask",
      status: 200,
      pointer: "/state",
      value: "DONE",
      requestId: "req-bad-state",
    });
    expect((failure as Error).message).toMatch(
      /^GET \/cloud\/v1\/tasks\/\{task_id\} \(getTask\) answered 200, which breaks the spec at \/state: /,
    );
  });

  it.each([
    ["a missing required field", "missing-id", "/", 200],
    ["an undocumented status", "teapot", "/", 418],
  ])("catches %s", async (_, id, pointer, status) => {
    const failure = await get(client(), id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseValidationError);
    expect(failure).toMatchObject({ pointer, status, operationId: "getTask" });
  });

  it("leaves a JSON body under another content type to WrongContentTypeError, validated or not", async () => {
    const failure = await get(client(), "plain").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WrongContentTypeError);
    expect(failure).toMatchObject({ status: 200, operationId: "getTask", contentType: "text/plain" });
  });

  it("checks error answers too: a documented 404 comes back as usual", async () => {
    const { error, response } = await get(client(), "not-found");
    expect(response.status).toBe(404);
    expect(error?.message).toBe("Task not found");
    const strict = createCloudClient({
      apiKey: "k",
      baseUrl: server.url,
      validateResponses: "throw",
      throwOnError: true,
    });
    const thrown = await get(strict, "not-found").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ operationId: "getTask", status: 404 });
  });

  it("does not judge a success body read as text", async () => {
    const { data } = await client().GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "bad-state" } },
      parseAs: "text",
    });
    expect(data).toContain('"DONE"');
  });

  it("keeps the API key out of the error, even when the body repeats it", async () => {
    const failure = (await get(client(), "secret").catch(
      (error: unknown) => error,
    )) as ResponseValidationError;
    expect(failure).toBeInstanceOf(ResponseValidationError);
    expect(JSON.stringify(failure.violations) + failure.message + String(failure.value)).not.toContain(
      SECRET,
    );
  });
});

describe('validateResponses: "warn"', () => {
  it("reports a violation through the logger and returns the answer", async () => {
    const events: CloudClientLogEvent[] = [];
    const client = createCloudClient({
      apiKey: "k",
      baseUrl: server.url,
      validateResponses: "warn",
      logger: (event) => events.push(event),
    });
    const { data } = await get(client, "bad-state");
    expect(data?.state).toBe("DONE");
    const invalid = events.filter((e) => e.type === "invalid-response");
    expect(invalid).toEqual([
      {
        type: "invalid-response",
        method: "GET",
        path: "/cloud/v1/tasks/{task_id}",
        operationId: "getTask",
        status: 200,
        requestId: "req-bad-state",
        violations: [expect.objectContaining({ pointer: "/state", value: "DONE" })],
      },
    ]);
  });

  it("needs a logger, and refuses any other mode at construction", () => {
    expect(() => createCloudClient({ apiKey: "k", validateResponses: "warn" })).toThrow(/logger/);
    // @ts-expect-error — not a mode
    expect(() => createCloudClient({ apiKey: "k", validateResponses: "strict" })).toThrow(TypeError);
  });
});

describe('validateResponses: "off" (the default)', () => {
  it("returns a body that breaks the spec untouched", async () => {
    const { data } = await get(createCloudClient({ apiKey: "k", baseUrl: server.url }), "bad-state");
    expect(data?.state).toBe("DONE");
  });
});
