// The suite's own run against the sandbox, recorded through the proxy (the recording shared with the parity
// tests), then replayed: green; replayed
// after a recorded body is changed to break the spec, or after the spec is changed to contradict a
// recording (both in temporary copies): red, naming the operation, the JSON pointer and the value.
// The HAR files keep neither the key nor the stream's push token.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { loadBundle } from "@cloud-contract/spec/document";
import type { Har } from "har-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli.js";
import { specOperationIds } from "../test-support/operation-ids.js";
import { sink } from "../test-support/output-sink.js";
import { recordedSuite } from "../test-support/recorded-suite.js";
import type { RecordedSuite } from "../test-support/recorded-suite-setup.js";
import type { RecordedEntry } from "./har.js";
import type { RecordSummary } from "./proxy.js";

let work: string;
let recordings: string;
let recorded: RecordedSuite;
let summary: RecordSummary;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "record-replay-"));
  recorded = await recordedSuite();
  ({ recordings, summary } = recorded);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const harFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".har"));
const readHar = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Har;

describe("recording the suite's run against the sandbox", () => {
  it("passes through the proxy and writes every exchange to one HAR 1.2 log", () => {
    expect(recorded.code, recorded.output.slice(-3000)).toBe(0);
    expect(summary.violations).toBe(0);
    const [file] = harFiles(recordings);
    const har = readHar(join(recordings, file as string));
    expect(har.log.version).toBe("1.2");
    expect(har.log.entries.length).toBe(summary.exchanges);
    expect(summary.exchanges).toBeGreaterThan(100);
    // Beside the spec's operations, the run asks the control API whether the target is a sandbox.
    const outside = har.log.entries.filter((e) => (e as RecordedEntry)._operationId === undefined);
    expect(outside.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual([
      "GET /__sandbox/clock",
    ]);
    const operations = new Set(har.log.entries.map((e) => (e as RecordedEntry)._operationId));
    operations.delete(undefined);
    expect([...operations].sort()).toEqual(specOperationIds());
  });

  it("keeps the key and the push tokens off the disk", () => {
    const text = harFiles(recordings)
      .map((name) => readFileSync(join(recordings, name), "utf8"))
      .join("\n");
    const tokens = recorded.pushTokens;
    expect(tokens.length).toBeGreaterThan(0);
    // Booleans, so that a failure does not print the whole recording.
    expect(text.includes(SANDBOX_API_KEY), "the key is in a HAR file").toBe(false);
    for (const token of tokens)
      expect(text.includes(token), `the push token ${token} is in a HAR file`).toBe(false);
    expect(text.includes('"value":"apikey REDACTED"'), "the Authorization headers keep their scheme").toBe(
      true,
    );
  });

  it("replays green against the current spec", async () => {
    const out = sink();
    expect(await main(["replay", recordings, "--reports-dir", join(work, "replay")], {}, out.stream)).toBe(0);
    expect(out.text()).toMatch(/replayed \d+ exchanges from 1 HAR files: 0 broke the contract/);
    expect(out.text()).toMatch(/^coverage \d+\.\d% /m);
  });

  it("replays red after a recorded body is changed to break the spec: operation, pointer, value", async () => {
    const copy = join(work, "broken-body");
    cpSync(recordings, copy, { recursive: true });
    const [name] = harFiles(copy);
    const file = join(copy, name as string);
    const har = readHar(file);
    const entry = har.log.entries.find(
      (e) => (e as RecordedEntry)._operationId === "getTask" && e.response.status === 200,
    );
    if (!entry?.response.content.text) throw new Error("no getTask 200 recorded");
    entry.response.content.text = JSON.stringify({
      ...JSON.parse(entry.response.content.text),
      user_id: "9998",
    });
    writeFileSync(file, JSON.stringify(har));
    const out = sink();
    expect(await main(["replay", copy, "--reports-dir", join(work, "replay-broken")], {}, out.stream)).toBe(
      1,
    );
    expect(out.text()).toContain(
      'getTask (GET /cloud/v1/tasks/{task_id}) → 200 application/json: /user_id must be integer; got "9998"',
    );
    expect(out.text()).toMatch(/1 broke the contract/);
  });

  it("replays red after the spec is changed to contradict a recording: operation, pointer, value", async () => {
    const doc = loadBundle();
    const schemas = doc.components?.schemas as Record<string, { properties: Record<string, unknown> }>;
    (schemas.Task as { properties: Record<string, unknown> }).properties.user_id = { type: "string" };
    const spec = join(work, "openapi.changed.json");
    writeFileSync(spec, JSON.stringify(doc));
    const out = sink();
    expect(
      await main(
        ["replay", recordings, "--spec", spec, "--reports-dir", join(work, "replay-spec")],
        {},
        out.stream,
      ),
    ).toBe(1);
    expect(out.text()).toMatch(
      /getTask \(GET \/cloud\/v1\/tasks\/\{task_id\}\) → 200 application\/json: \/user_id must be string; got \d+/,
    );
  });
});
