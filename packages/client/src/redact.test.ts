import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { NetworkError } from "./errors.js";
import type { CloudClientLogEvent } from "./middleware/log.js";
import { createRedactor, MIN_REDACTED_LENGTH, REDACTED, redactDeep } from "./redact.js";
import { TaskFailedError, waitForTask } from "./tasks.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";

const secret = "sk-0123456789abcdef";
const redact = createRedactor(secret);

describe("createRedactor", () => {
  it("replaces every occurrence and leaves other text alone", () => {
    expect(redact(`key ${secret}, again ${secret}`)).toBe(`key ${REDACTED}, again ${REDACTED}`);
    expect(redact("nothing secret here")).toBe("nothing secret here");
  });

  it(`does not look for secrets shorter than ${MIN_REDACTED_LENGTH} characters in free text`, () => {
    expect(createRedactor("k")("keep kind words")).toBe("keep kind words");
  });
});

describe("redactDeep", () => {
  it("redacts strings at any depth, keys included, without touching the original", () => {
    const value = { message: `bad ${secret}`, info: { [secret]: [secret, 1, true, null] } };
    expect(redactDeep(value, redact)).toEqual({
      message: `bad ${REDACTED}`,
      info: { [REDACTED]: [REDACTED, 1, true, null] },
    });
    expect(value.message).toBe(`bad ${secret}`);
  });

  it("returns the value itself without a redactor", () => {
    const value = { a: secret };
    expect(redactDeep(value, undefined)).toBe(value);
  });
});

describe("redactDeep without a depth limit", () => {
  it("redacts a secret nested 10 000 levels deep, and copes with cycles", () => {
    let value: unknown = { leaf: secret };
    for (let i = 0; i < 10_000; i++) value = i % 2 ? { next: value } : [value];
    let copy = redactDeep(value, redact);
    for (let i = 0; i < 10_000; i++) copy = Array.isArray(copy) ? copy[0] : (copy as { next: unknown }).next;
    expect(copy).toEqual({ leaf: REDACTED });
    const cycle: Record<string, unknown> = { key: secret };
    cycle.self = cycle;
    const copied = redactDeep(cycle, redact) as Record<string, unknown>;
    expect(copied.key).toBe(REDACTED);
    expect(copied.self).toBe(copied);
  });
});

describe("a key echoed by a hostile server", () => {
  const KEY = "sk-live-9f8e7d6c5b4a39281706";
  /** The key nested `depth` levels deep, alternating objects and arrays. */
  const nested = (depth: number): unknown => {
    let value: unknown = { message: `bad key ${KEY}`, [KEY]: KEY };
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { [`level-${i}`]: value, echo: KEY };
    return value;
  };
  const DEEP = JSON.stringify(nested(100));
  /** The case each region id of the active tasks' path answers. */
  const CASES = ["", "error", "deep", "invalid"];
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const id = CASES[Number(req.url.split("/")[5])] ?? "";
      const echo = { "x-echo": `you sent ${KEY}`, "x-request-id": `req-${KEY}` };
      if (id === "error") return json(res, 503, JSON.parse(DEEP), echo);
      if (id === "invalid") {
        res.writeHead(200, { "content-type": "application/json", ...echo });
        return res.end(`{"key":"${KEY}",`);
      }
      if (req.url.endsWith("/failed"))
        return json(res, 200, task("failed", "ERROR", { error: `rejected ${KEY}` }));
      return json(res, 200, JSON.parse(DEEP), echo);
    });
  });
  afterAll(() => server.close());

  /** Every place the call's outcome shows: the error itself, its JSON, util.inspect, the logger's events. */
  const outputs = (error: unknown, events: unknown[]) => [
    String(error),
    (error as Error).message,
    JSON.stringify(error),
    inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    JSON.stringify(events),
    inspect(events, { depth: Number.POSITIVE_INFINITY }),
  ];

  it.each([
    ["an error body, retried first, in every output", "error", {}],
    [
      "a body that breaks the spec (validateResponses: throw)",
      "deep",
      { validateResponses: "throw" as const },
    ],
    ["an invalid JSON body's excerpt", "invalid", {}],
  ])("never shows in %s", async (_, id, options) => {
    const events: CloudClientLogEvent[] = [];
    const client = createCloudClient({
      apiKey: KEY,
      baseUrl: server.url,
      throwOnError: true,
      retry: { maxRetries: 1, baseDelayMs: 1 },
      logger: (event) => events.push(event),
      ...options,
    });
    const error = await client
      .GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
        params: {
          path: { project_id: 1, region_id: CASES.indexOf(id) },
          query: { task_type: [KEY as "create_bm"] },
        },
        headers: { "X-Echo-Me": KEY },
      })
      .catch((e: unknown) => e)
      .then((e) => e);
    // The call went out with the key in a header and the query string, and came back with it.
    const request = server.requests.at(-1);
    expect(request?.url).toContain(KEY);
    expect(error).toBeInstanceOf(Error);
    if (id === "error") expect(events.some((event) => event.type === "retry")).toBe(true);
    for (const output of outputs(error, events)) expect(output).not.toContain(KEY);
    const shown = inspect(error, { depth: Number.POSITIVE_INFINITY });
    expect(shown).toContain(REDACTED);
  });

  it("never shows in a task's failure, nor in a custom fetch's", async () => {
    const client = createCloudClient({ apiKey: KEY, baseUrl: server.url });
    const failed = await waitForTask(client, "failed").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TaskFailedError);
    const broken = createCloudClient({
      apiKey: KEY,
      retry: false,
      fetch: async () => {
        throw new TypeError(`fetch failed for ${KEY}`);
      },
    });
    const network = await broken
      .GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "x" } } })
      .catch((e: unknown) => e);
    expect(network).toBeInstanceOf(NetworkError);
    for (const error of [failed, network])
      for (const output of outputs(error, [])) expect(output).not.toContain(KEY);
  });
});
