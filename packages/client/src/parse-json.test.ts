// Success answers whose body is not the JSON the spec documents, from a real server on 127.0.0.1: each cause
// has its own class under CloudError, naming the operation, the status and an excerpt — never a SyntaxError,
// a TypeError or undefined data, with or without validateResponses.
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EmptyBodyError,
  InvalidJsonError,
  NotJsonError,
  ResponseBodyError,
  WrongContentTypeError,
} from "./answer-errors.js";
import { createCloudClient } from "./create-client.js";
import { CloudError } from "./errors.js";
import type { CloudClientLogEvent } from "./middleware/log.js";
import { waitForTask } from "./tasks.js";
import { startServer, type TestServer } from "./test-support/server.js";

const HTML = "<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>";
const ANSWERS: Record<string, { type?: string; body: string; length?: boolean }> = {
  "invalid-json": { type: "application/json", body: '{"id":"invalid-json","state":' },
  html: { type: "text/html; charset=utf-8", body: HTML },
  "empty-sized": { type: "application/json", body: "", length: true },
  "empty-chunked": { type: "application/json", body: "" },
  "wrong-type": { type: "text/plain", body: '{"id":"wrong-type","state":"RUNNING"}' },
  xml: { type: "application/xml", body: "<task><id>xml</id></task>" },
  unlabelled: { body: "not json at all" },
  "problem-json": { type: "application/problem+json", body: '{"id":"problem-json"}' },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const id = req.url.split("/").at(-1) ?? "";
    const answer = ANSWERS[id] ?? { type: "application/json", body: "{}" };
    const headers: Record<string, string> = { "x-request-id": `req-${id}` };
    if (answer.type) headers["content-type"] = answer.type;
    if (answer.length) headers["content-length"] = String(Buffer.byteLength(answer.body));
    res.writeHead(200, headers);
    if (answer.body) res.write(answer.body);
    res.end();
  });
});
afterAll(() => server.close());

const getTask = (client: ReturnType<typeof createCloudClient>, task_id: string) =>
  client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } });

describe("a 2xx body that is not the documented JSON", () => {
  it.each([
    ["invalid JSON", "invalid-json", InvalidJsonError, "application/json", /invalid JSON/],
    [
      "an HTML page",
      "html",
      NotJsonError,
      "text/html; charset=utf-8",
      /text\/html; charset=utf-8 where JSON is documented/,
    ],
    ["an XML body", "xml", NotJsonError, "application/xml", /application\/xml where JSON/],
    [
      "an unlabelled body that is not JSON",
      "unlabelled",
      InvalidJsonError,
      null,
      /invalid JSON \(no content type\)/,
    ],
    [
      "an empty body with Content-Length: 0",
      "empty-sized",
      EmptyBodyError,
      "application/json",
      /an empty body/,
    ],
    ["an empty chunked body", "empty-chunked", EmptyBodyError, "application/json", /an empty body/],
    ["JSON under text/plain", "wrong-type", WrongContentTypeError, "text/plain", /JSON labelled text\/plain/],
  ])("%s gives its own typed error", async (_, id, Kind, contentType, what) => {
    for (const validateResponses of ["off", "throw"] as const) {
      const client = createCloudClient({ apiKey: "k", baseUrl: server.url, validateResponses });
      const error = await getTask(client, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Kind);
      expect(error).toBeInstanceOf(ResponseBodyError);
      expect(error).toBeInstanceOf(CloudError);
      expect(error).not.toBeInstanceOf(SyntaxError);
      expect(error).toMatchObject({
        name: Kind.name,
        method: "GET",
        path: "/cloud/v1/tasks/{task_id}",
        operationId: "getTask",
        status: 200,
        contentType,
        requestId: `req-${id}`,
        excerpt: (ANSWERS[id]?.body ?? "").slice(0, 200),
      });
      const { message } = error as Error;
      expect(message).toMatch(/^GET \/cloud\/v1\/tasks\/\{task_id\} \(getTask\) answered 200 with /);
      expect(message).toMatch(what);
      if (ANSWERS[id]?.body)
        expect(message).toContain(JSON.stringify(ANSWERS[id]?.body.slice(0, 30)).slice(1, -1));
    }
  });

  it("keeps a long body's excerpt short", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    const long = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html>${"<p>filler</p>".repeat(1000)}</html>`);
    });
    try {
      const error = (await getTask(createCloudClient({ apiKey: "k", baseUrl: long.url }), "x").catch(
        (e: unknown) => e,
      )) as NotJsonError;
      expect(error).toBeInstanceOf(NotJsonError);
      expect(error.excerpt).toHaveLength(200);
      expect(error.message.length).toBeLessThan(400);
    } finally {
      await long.close();
    }
    expect((await getTask(client, "problem-json")).data).toEqual({ id: "problem-json" });
  });

  it("still reports the answer to the logger", async () => {
    const events: CloudClientLogEvent[] = [];
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, logger: (e) => events.push(e) });
    await expect(getTask(client, "html")).rejects.toBeInstanceOf(NotJsonError);
    expect(events.map((e) => e.type)).toEqual(["request", "response"]);
    expect(events[1]).toMatchObject({ status: 200, requestId: "req-html" });
  });

  it("reaches waitForTask as the typed error, not a TypeError", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    await expect(waitForTask(client, "empty-chunked", { timeoutMs: 2_000 })).rejects.toBeInstanceOf(
      EmptyBodyError,
    );
    await expect(waitForTask(client, "html", { timeoutMs: 2_000 })).rejects.toBeInstanceOf(NotJsonError);
  });

  it("leaves a body read with another parseAs alone", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url });
    const { data } = await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "html" } },
      parseAs: "text",
    });
    expect(data).toBe(HTML);
  });

  it("holds for every operation: the spec documents a JSON body for every 2xx answer", () => {
    const model = loadDocument();
    const without = model.operations.flatMap((operation) =>
      Object.entries(operation.responses)
        .filter(([status]) => status.startsWith("2"))
        .filter(([, response]) => !Object.keys(response.content ?? {}).some((type) => type.includes("json")))
        .map(([status]) => `${operation.operationId} ${status}`),
    );
    expect(model.operations.length).toBeGreaterThan(10);
    expect(without).toEqual([]);
  });
});
