// `replay` through the bin: files and folders, each unreadable file and entry named and skipped, answers
// recorded as base64 decoded, every exchange not in the spec listed, and the reports of a run (JSON summary,
// JUnit, coverage) written.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Exchange, toEntry } from "../record/har.js";
import { runBin } from "../test-support/bin.js";
import { junitSuites } from "../test-support/junit.js";

const TASK_ID = "d478ae29-dedc-4869-82f0-96104425f565";
const task = (userId: unknown) => ({
  id: TASK_ID,
  state: "FINISHED",
  task_type: "create_bm",
  user_id: userId,
  created_on: "2026-11-21T09:15:02Z",
});

function exchange(path: string, status: number, body: unknown): Exchange {
  return {
    startedAt: new Date("2026-11-23T00:00:00Z"),
    method: "GET",
    url: `https://api.example.test${path}`,
    httpVersion: "1.1",
    requestHeaders: {},
    requestBody: Buffer.alloc(0),
    status,
    statusText: "",
    responseHeaders: { "content-type": "application/json" },
    responseBody: Buffer.from(JSON.stringify(body)),
    waitMs: 1,
    totalMs: 2,
  };
}

const har = (exchanges: Exchange[]) =>
  JSON.stringify({
    log: { version: "1.2", creator: { name: "t", version: "1" }, entries: exchanges.map((e) => toEntry(e)) },
  });

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "replay-bin-"));
  mkdirSync(join(work, "folder"));
  mkdirSync(join(work, "empty"));
  writeFileSync(join(work, "good.har"), har([exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, task(9998))]));
  writeFileSync(
    join(work, "folder", "a.har"),
    har([
      exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, task("9998")),
      exchange("/cloud/v9/unknown", 200, {}),
      exchange("/nothing/here", 404, {}),
    ]),
  );
  const whole = har([exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, task(1))]);
  writeFileSync(join(work, "folder", "b-truncated.har"), whole.slice(0, whole.length / 2));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("replay", () => {
  it("takes a HAR file as it is: exit 0 and the reports of a run", async () => {
    const run = await runBin(["replay", "good.har", "--reports-dir", "one"], { cwd: work });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(
      /replayed 1 exchanges from 1 HAR files: 0 broke the contract, 0 not in the spec/,
    );
    const junit = await junitSuites(join(work, "one", "replay-recorded.xml"));
    expect(junit.map((s) => s.name)).toEqual(["getTask"]);
    expect(JSON.parse(readFileSync(join(work, "one", "replay-recorded.json"), "utf8")).totals).toMatchObject({
      tests: 1,
      passed: 1,
    });
    expect(
      JSON.parse(readFileSync(join(work, "one", "replay-recorded.coverage.json"), "utf8")).kinds.operations
        .exercised,
    ).toEqual(["getTask"]);
  });

  it("takes files and folders, names the truncated file and goes on, lists every exchange not in the spec", async () => {
    const run = await runBin(["replay", "good.har", "folder", "missing.har", "--reports-dir", "two"], {
      cwd: work,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^contract-tests: cannot read missing\.har: ENOENT \(skipped\)$/m);
    expect(run.stdout).toMatch(
      /^contract-tests: cannot read folder\/b-truncated\.har: not JSON \(truncated\?\): .* \(skipped\)$/m,
    );
    expect(run.stdout).toContain(
      'getTask (GET /cloud/v1/tasks/{task_id}) → 200 application/json: /user_id must be integer; got "9998"',
    );
    expect(run.stdout).toMatch(
      /replayed 4 exchanges from 2 HAR files: 1 broke the contract, 2 not in the spec, 2 files or entries unreadable/,
    );
    expect(run.stdout).toMatch(
      /^ {2}not in the spec: GET https:\/\/api\.example\.test\/cloud\/v9\/unknown \(.*folder\/a\.har#1\)$/m,
    );
    expect(run.stdout).toMatch(
      /^ {2}not in the spec: GET https:\/\/api\.example\.test\/nothing\/here \(.*folder\/a\.har#2\)$/m,
    );
    const junit = await junitSuites(join(work, "two", "replay-recorded.xml"));
    const cases = junit.flatMap((s) => s.testcase ?? []);
    expect(cases.filter((c) => c.skipped?.[0]?.message === "not in the spec")).toHaveLength(2);
    expect(cases.find((c) => c.failure)?.failure?.[0]?.message).toBe(
      'getTask (GET /cloud/v1/tasks/{task_id}) → 200: /user_id must be integer; got "9998"',
    );
  });

  it("an empty folder: exit 2 with the reason", async () => {
    const run = await runBin(["replay", "empty", "--reports-dir", "three"], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stdout.trim()).toBe("contract-tests: no exchange to replay in empty (0 HAR files read)");
  });

  it("skips an entry it cannot read by name, judges the rest, and decodes a base64 answer", async () => {
    const entries = [
      null,
      { request: { method: "GET", url: "not a url" }, response: { status: 200 } },
      ...[task("9998"), task(1)].map((body) => {
        const entry = toEntry(exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, body));
        const text = Buffer.from(JSON.stringify(body)).toString("base64");
        return {
          ...entry,
          response: { ...entry.response, content: { ...entry.response.content, text, encoding: "base64" } },
        };
      }),
    ];
    writeFileSync(join(work, "mixed.har"), JSON.stringify({ log: { version: "1.2", entries } }));
    const run = await runBin(["replay", "mixed.har", "--reports-dir", "four"], { cwd: work });
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toMatch(
      /^contract-tests: cannot read mixed\.har#0: not an entry \(request, response\) \(skipped\)$/m,
    );
    expect(run.stdout).toMatch(
      /^contract-tests: cannot read mixed\.har#1: request\.url "not a url" is not a URL \(skipped\)$/m,
    );
    expect(run.stdout).toContain('/user_id must be integer; got "9998"');
    expect(run.stdout).toMatch(
      /replayed 2 exchanges from 1 HAR files: 1 broke the contract, 0 not in the spec, 2 files or entries unreadable/,
    );
  });

  it("a file whose every entry is unreadable: exit 2, one line naming each", async () => {
    writeFileSync(join(work, "bad.har"), JSON.stringify({ log: { version: "1.2", entries: [7] } }));
    const run = await runBin(["replay", "bad.har", "--reports-dir", "five"], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(
      "contract-tests: no exchange to replay in bad.har (1 HAR files read; cannot read bad.har#0: not an entry (request, response))\n",
    );
  });

  it("a response body nested 5,000 deep: refused by name (file and entry), the rest judged", async () => {
    let deep = "1";
    for (let i = 0; i < 5000; i++) deep = `[${deep}]`;
    const entries = [
      exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, task(1)),
      exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, {}),
    ];
    const text = har(entries).replace('"text":"{}"', `"text":${JSON.stringify(`{"id":${deep}}`)}`);
    expect(text).toContain(deep);
    writeFileSync(join(work, "deep.har"), text);
    const run = await runBin(["replay", "deep.har", "--reports-dir", "six"], { cwd: work });
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toContain(
      "contract-tests: cannot read deep.har#1: the response body nests deeper than 64 levels; it is not judged (skipped)",
    );
    expect(run.stdout).toMatch(/replayed 1 exchanges from 1 HAR files: 0 broke the contract/);
    writeFileSync(
      join(work, "only-deep.har"),
      har([entries[1] as Exchange]).replace('"text":"{}"', `"text":${JSON.stringify(deep)}`),
    );
    const alone = await runBin(["replay", "only-deep.har", "--reports-dir", "seven"], { cwd: work });
    expect(alone.code).toBe(2);
    expect(alone.stdout).toContain(
      "cannot read only-deep.har#0: the response body nests deeper than 64 levels",
    );
  });

  it("prints a recorded Content-Type holding a line break and an escape sequence as one escaped line", async () => {
    const forged = { ...exchange(`/cloud/v1/tasks/${TASK_ID}`, 200, task(1)) };
    forged.responseHeaders = { "content-type": "text/plain\ncontract-tests: all green\u001b[32m" };
    writeFileSync(join(work, "forged.har"), har([forged]));
    const run = await runBin(["replay", "forged.har", "--reports-dir", "eight"], { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/^contract-tests: all green/m);
    expect(run.stdout).not.toContain("\u001b");
    const line = run.stdout.split("\n").find((l) => l.includes("all green"));
    expect(line).toContain("text/plain\\ncontract-tests: all green\\u001b[32m");
  });
});
