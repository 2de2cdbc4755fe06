// `cloud-mock seed-from-har` on HAR files written here: credentials redacted before anything is kept, the
// later answer of an entity winning, what it cannot place listed, and its exit codes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./cli.js";
import { SANDBOX_FIXTURES as F } from "./sandbox/fixtures/ids.js";
import { Store } from "./sandbox/store.js";

const work = mkdtempSync(join(tmpdir(), "seed-from-har-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const fixtures = new Store().snapshot();
const entry = (at: number, method: string, path: string, status: number, body: unknown) => ({
  startedDateTime: new Date(Date.UTC(2026, 10, 21, 9, 0, at)).toISOString(),
  time: 1,
  request: {
    method,
    url: `https://api.example.test${path}`,
    httpVersion: "HTTP/1.1",
    headers: [{ name: "Authorization", value: "APIKey secret-key-123" }],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
  },
  response: {
    status,
    statusText: "",
    httpVersion: "HTTP/1.1",
    headers: [],
    cookies: [],
    content: { size: -1, mimeType: "application/json", text: JSON.stringify(body) },
    redirectURL: "",
    headersSize: -1,
    bodySize: -1,
  },
  cache: {},
  timings: { send: 0, wait: 1, receive: 0 },
});
const harOf = (entries: unknown[]) =>
  JSON.stringify({ log: { version: "1.2", creator: { name: "t", version: "1" }, entries } });

async function run(args: string[]) {
  let out = "";
  let err = "";
  const code = await main(args, {
    out: { write: (t: string) => (out += t) },
    err: { write: (t: string) => (err += t) },
  });
  return { code, out, err };
}

describe("cloud-mock seed-from-har", () => {
  it("keeps the later answer of an entity, redacts the stream's token and lists what it cannot place", async () => {
    const stream = fixtures.streams[0];
    const [first, second] = fixtures.notificationSettings;
    const har = join(work, "calls.har");
    writeFileSync(
      har,
      harOf([
        entry(1, "GET", `/iam/reselling/resellers/${F.resellerId}/notification_settings`, 200, {
          count: 2,
          results: [first, second],
        }),
        entry(2, "POST", `/streams/${F.streamId}/reset_push_token`, 200, stream),
        entry(3, "POST", `/streaming/streams/${F.streamId}/reset_push_token`, 200, stream),
        entry(4, "POST", `/iam/reselling/resellers/${F.resellerId}/notification_settings`, 201, {
          ...first,
          enabled: false,
        }),
        entry(5, "GET", `/cloud/v1/tasks/${F.runningTaskIds[0]}`, 404, { message: "gone" }),
      ]),
    );
    const out = join(work, "seed.json");
    const result = await run(["seed-from-har", har, "--out", out]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `not placed: POST /streams/${F.streamId}/reset_push_token (not an operation of the API)`,
    );
    expect(result.out).toContain(`not placed: GET /cloud/v1/tasks/${F.runningTaskIds[0]} (answered 404)`);
    const seed = JSON.parse(readFileSync(out, "utf8"));
    expect(seed.entities.notificationSettings).toEqual([second, { ...first, enabled: false }]);
    expect(seed.entities.streams[0].token).not.toBe(stream?.token);
    expect(JSON.stringify(seed)).not.toContain(stream?.token);
    expect(JSON.stringify(seed)).not.toContain("secret-key-123");
  });

  it("exits 1 when the seed would not load, naming entity, pointer and rule, and 2 for a file that is no HAR", async () => {
    const task = fixtures.tasks.find((t) => t.id === F.finishedTaskId);
    const har = join(work, "task.har");
    writeFileSync(har, harOf([entry(1, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, 200, task)]));
    const result = await run(["seed-from-har", har, "--out", join(work, "task-seed.json")]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `does not load: tasks ${F.finishedTaskId} at /entities/tasks/0/created_resources/ports/0: references resolve: there is no ports "${F.portId}"`,
    );
    writeFileSync(join(work, "broken.har"), "{");
    const broken = await run(["seed-from-har", join(work, "broken.har"), "--out", join(work, "x.json")]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/^cloud-mock: cannot read .*broken\.har as a HAR: /);
  });
});
