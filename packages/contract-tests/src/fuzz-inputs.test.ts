// Inputs drawn by fast-check (bounded runs) for the commands that read files someone else wrote — replay and
// parity (HAR files: text that is not JSON, JSON that is not a HAR, entries of any shape) and merge (shard
// records with a number that is no count, or no JSON at all) — through the built bin: each run ends with
// exit 1 or 2, nothing on stderr, no stack, and an exit 2 is one line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningSandbox, startSandbox } from "@cloud-contract/mock";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BinRun, cleanEnv, runBin } from "./test-support/bin.js";
import { shardRecordsWith, writeShard } from "./test-support/shard-reports.js";

// Each drawn input costs a start of the bin (half a second of CPU); fast-check draws other inputs on every run.
const RUNS = 5;
let sandbox: RunningSandbox;
let work: string;
let n = 0;
const folder = () => {
  const dir = join(work, String(n++));
  mkdirSync(dir, { recursive: true });
  return dir;
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  work = mkdtempSync(join(tmpdir(), "fuzz-inputs-"));
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(work, { recursive: true, force: true });
});

function expectClearAnswer(run: BinRun): void {
  const output = `${run.stdout}${run.stderr}`;
  expect([1, 2], output).toContain(run.code);
  expect(run.stderr, output).toBe("");
  expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  if (run.code === 2) expect(run.stdout.trimEnd().split("\n"), output).toHaveLength(1);
}

/** An entry of any shape, often close to a real one (a spec path, a status, a body, base64). */
function entries(baseUrl: string) {
  const entry = fc.record(
    {
      startedDateTime: fc.oneof(fc.constant("2026-12-01T00:00:00.000Z"), fc.anything()),
      request: fc.oneof(
        fc.anything(),
        fc.record(
          {
            method: fc.oneof(fc.constantFrom("GET", "POST", "get"), fc.anything()),
            url: fc.oneof(
              fc.constantFrom(
                `${baseUrl}/billing/org/v1/plans/contents?limit=2`,
                `${baseUrl}/cloud/v1/tasks/00000000-0000-4000-8000-000000000000`,
                "not a url",
                "ftp://x/y",
              ),
              fc.webUrl(),
              fc.anything(),
            ),
            headers: fc.oneof(fc.constant([]), fc.anything()),
            postData: fc.oneof(
              fc.record({ mimeType: fc.constant("application/json"), text: fc.json() }),
              fc.anything(),
            ),
          },
          { requiredKeys: ["method", "url"] },
        ),
      ),
      response: fc.oneof(
        fc.anything(),
        fc.record(
          {
            status: fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.anything()),
            headers: fc.oneof(
              fc.constant([{ name: "content-type", value: "application/json" }]),
              fc.anything(),
            ),
            content: fc.oneof(
              fc.record({
                mimeType: fc.constantFrom("application/json", "text/plain", ""),
                text: fc.oneof(fc.json(), fc.string(), fc.base64String()),
                encoding: fc.constantFrom(undefined, "base64", "gzip"),
              }),
              fc.anything(),
            ),
          },
          { requiredKeys: ["status"] },
        ),
      ),
    },
    { requiredKeys: [] },
  );
  // One entry at least is no entry at all, so no input is wholly sound.
  return fc.array(entry, { maxLength: 5 }).map((list) => [null, ...list]);
}

function harText(baseUrl: string) {
  return fc.oneof(
    fc.string(),
    fc.json(),
    entries(baseUrl).map((list) => JSON.stringify({ log: { version: "1.2", entries: list } })),
  );
}

it("replay: any HAR input is judged or refused, clearly", async () => {
  await fc.assert(
    fc.asyncProperty(harText(sandbox.url), async (text) => {
      const dir = folder();
      writeFileSync(join(dir, "input.har"), text);
      expectClearAnswer(
        await runBin(["replay", join(dir, "input.har"), "--reports-dir", join(dir, "r")], {
          env: cleanEnv(),
        }),
      );
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
});

it("parity: any HAR input is compared or refused, clearly", async () => {
  await fc.assert(
    fc.asyncProperty(harText(sandbox.url), async (text) => {
      const dir = folder();
      writeFileSync(join(dir, "input.har"), text);
      const argv = [
        "parity",
        join(dir, "input.har"),
        "--target",
        "url",
        "--base-url",
        sandbox.url,
        "--pace",
        "none",
      ];
      expectClearAnswer(await runBin([...argv, "--reports-dir", join(dir, "r")], { env: cleanEnv() }));
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
});

/** A shard's records with one number made no count, or text that is not records. */
const brokenRecords = fc.oneof(
  fc.string(),
  fc
    .tuple(
      fc.constantFrom<ReadonlyArray<string | number>>(
        ["tests", 0, "meta", "requestsSent", "getTask"],
        ["tests", 0, "durationMs"],
        ["run", "shard", "count"],
        ["run", "shard", "index"],
      ),
      fc.oneof(
        fc.integer({ max: -1 }),
        fc.double({ min: 0.01, max: 1e6, noNaN: true }).filter((v) => !Number.isInteger(v)),
        fc.constantFrom(1e21, -0.5, Number.MAX_VALUE),
      ),
    )
    // A duration may be a fraction or huge: only a negative one is broken.
    .filter(([path, value]) => path[2] !== "durationMs" || value < 0)
    .map(([path, value]) => shardRecordsWith(path, value)),
);

it("merge: a shard's records with any bad number or text are refused, clearly", async () => {
  await fc.assert(
    fc.asyncProperty(brokenRecords, async (text) => {
      const dir = folder();
      writeShard(join(dir, "1"), 1, 2);
      writeShard(join(dir, "2"), 2, 2, text);
      const run = await runBin(["merge", join(dir, "1"), join(dir, "2"), "--reports-dir", join(dir, "out")], {
        env: cleanEnv(),
      });
      expectClearAnswer(run);
      expect(run.code, run.stdout).toBe(2);
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
});
