// What the bin says when it cannot run, through the built bin as a user runs it: one line, exit 2, and no
// report that looks like a run. Also: a re-run replaces its own reports, and a run ends with its coverage
// and its verdict. (A real target without its variables: run-verdict.test.ts; shards of
// different runs refused by merge: shard/shard-merge.test.ts.)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Exchange, toEntry } from "./record/har.js";
import { type BinRun, cleanEnv, runBin } from "./test-support/bin.js";
import { installCopy } from "./test-support/installed-copy.js";
import { specOperationIds } from "./test-support/operation-ids.js";

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "cannot-run-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const lines = (text: string) => text.trim().split("\n");

/** A server on 127.0.0.1 that answers every request with `status` and remembers the requests' headers. */
async function answering(
  status: number,
): Promise<{ url: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(status, { "content-type": "application/json" }).end('{"message":"no"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("the optional Prism peer is not installed", () => {
  it("the default target says how to install it, exit 2, and writes no report", async () => {
    const root = join(work, "install");
    const bin = installCopy(root, { prism: false });
    // pnpm's NODE_PATH would find the workspace's Prism: a user's shell has none.
    const { NODE_PATH: _, ...env } = cleanEnv();
    const run = await runBin(["--reports-dir", "reports"], { bin, cwd: root, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("");
    expect(lines(run.stdout)).toEqual([
      expect.stringMatching(
        /^contract-tests: --target prism needs Prism, an optional peer dependency that is not installed: npm install --save-dev @stoplight\/prism-cli@5\.\d+\.\d+ \(or use --target sandbox, which needs nothing more\)$/,
      ),
    ]);
    expect(existsSync(join(root, "reports"))).toBe(false);
  });
});

describe("--target url without a key", () => {
  it("sends the sandbox's key, as --help says, and says so when the target refuses it", async () => {
    const help = await runBin(["run", "--help"]);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("url: the sandbox's key when neither is given");

    const target = await answering(401);
    try {
      const run = await runBin([
        "--target",
        "url",
        "--base-url",
        target.url,
        "--reports-dir",
        join(work, "url"),
      ]);
      expect(run.code).toBe(2);
      expect(lines(run.stdout)).toEqual([
        `contract-tests: the target refused the key: GET ${target.url}/billing/org/v1/plans/contents answered 401 (no key was given, so the sandbox's was sent: set CONTRACT_API_KEY or --api-key)`,
      ]);
      expect(target.seen.map((headers) => headers.authorization)).toEqual([`apikey ${SANDBOX_API_KEY}`]);
    } finally {
      await close(target.server);
    }
  });
});

const TASK_ID = "d478ae29-dedc-4869-82f0-96104425f565";

/** A HAR of one getTask exchange whose `user_id` is `userId` (the spec wants an integer). */
function taskHar(userId: unknown): string {
  const exchange: Exchange = {
    startedAt: new Date("2026-11-23T00:00:00Z"),
    method: "GET",
    url: `https://api.example.test/cloud/v1/tasks/${TASK_ID}`,
    httpVersion: "1.1",
    requestHeaders: {},
    requestBody: Buffer.alloc(0),
    status: 200,
    statusText: "",
    responseHeaders: { "content-type": "application/json" },
    responseBody: Buffer.from(
      JSON.stringify({
        id: TASK_ID,
        state: "FINISHED",
        task_type: "create_bm",
        user_id: userId,
        created_on: "2026-11-21T09:15:02Z",
      }),
    ),
    waitMs: 1,
    totalMs: 2,
  };
  return JSON.stringify({
    log: { version: "1.2", creator: { name: "t", version: "1" }, entries: [toEntry(exchange)] },
  });
}

describe("a re-run replaces its own reports", () => {
  it("replay x.har twice: the same exit code both times, and the second run's reports", async () => {
    const dir = join(work, "rerun");
    const har = join(work, "x.har");
    writeFileSync(har, taskHar("9998"));
    const first = await runBin(["replay", har, "--reports-dir", dir]);
    const second = await runBin(["replay", har, "--reports-dir", dir]);
    expect([first.code, second.code]).toEqual([1, 1]);
    expect(second.stdout).toBe(first.stdout);
    expect(readdirSync(join(dir, "kept-failures", "replay-recorded"))).toEqual(["getTask-1.kept.mts"]);

    writeFileSync(har, taskHar(9998));
    const fixed = await runBin(["replay", har, "--reports-dir", dir]);
    expect(fixed.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, "replay-recorded.json"), "utf8"));
    expect(summary.totals).toMatchObject({ failed: 0, passed: 1 });
    expect(readdirSync(dir).sort()).toEqual([
      "replay-recorded.coverage.json",
      "replay-recorded.json",
      "replay-recorded.xml",
    ]);
  });
});

describe("a taken port: one line naming the port and the flag, exit 2", () => {
  let holder: Server;
  let port: number;

  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    port = (holder.address() as AddressInfo).port;
  });

  afterAll(() => close(holder));

  it("contract-tests record --port", async () => {
    const out = join(work, "recordings");
    const run = await runBin([
      "record",
      "--upstream",
      "http://127.0.0.1:9",
      "--port",
      String(port),
      "--out",
      out,
    ]);
    expect(run.code).toBe(2);
    expect(lines(run.stdout)).toEqual([
      `contract-tests: port ${port} on 127.0.0.1 is taken; choose another with --port (0 picks a free one)`,
    ]);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe("a run ends with its coverage (operations and documented statuses; the other kinds apart) and its verdict", () => {
  /** One file of the suite against the sandbox; both tests below read this one run. */
  const args = (dir: string) => [
    "--target",
    "sandbox",
    "--reports-dir",
    dir,
    "--",
    "src/cloud/registry.contract.test.ts",
  ];
  let dir: string;
  let run: BinRun;

  beforeAll(async () => {
    dir = join(work, "coverage");
    run = await runBin(args(dir), { env: cleanEnv({ NO_COLOR: "1" }) });
  });

  it("a suite run: operations and statuses reached, the missing statuses by code, the kinds generate and stateful aim at apart", () => {
    expect(run.code).toBe(0);
    const operations = specOperationIds().length;
    const tail = lines(run.stdout).slice(-3);
    expect(tail[0]).toMatch(
      new RegExp(
        `^coverage \\d+\\.\\d% of operations and documented statuses \\(\\d+/\\d+\\): operations \\d+\\.\\d% \\(1/${operations}\\), documented statuses \\d+\\.\\d% \\(\\d+/\\d+\\) \\(missing (\\dXX|\\d{3}) ×\\d+(, (\\dXX|\\d{3}) ×\\d+)*\\)$`,
      ),
    );
    expect(tail[1]).toMatch(
      /^reported apart: oneOf branches \d+\.\d% \(\d+\/\d+\), enum values \d+\.\d% \(\d+\/\d+\) \(what contract-tests generate aims at\); links followed \d+\.\d% \(\d+\/\d+\) \(what contract-tests stateful aims at\)$/,
    );
    expect(tail[2]).toBe("verdict: passed (4 passed, 0 failed, 0 skipped)");
    const coverage = JSON.parse(readFileSync(join(dir, "contract-sandbox.coverage.json"), "utf8"));
    const reached = coverage.kinds.operations.exercised.length + coverage.kinds.statuses.exercised.length;
    expect(coverage.exercised).toBe(reached);
  });

  it("--min-coverage N gates operations and statuses only: enum values never fail a run that reaches them", async () => {
    const coverage = JSON.parse(readFileSync(join(dir, "contract-sandbox.coverage.json"), "utf8"));
    // The threshold the run just reaches: counted over every kind (enum values too) it would fail.
    const threshold = Math.floor(coverage.percent);
    const kinds = Object.values(coverage.kinds) as Array<{ exercised: string[]; missing: string[] }>;
    const everyKind =
      (100 * kinds.reduce((n, k) => n + k.exercised.length, 0)) /
      kinds.reduce((n, k) => n + k.exercised.length + k.missing.length, 0);
    expect(everyKind).toBeLessThan(threshold);
    const gateArgs = args(join(work, "coverage-gate"));
    const gate = (percent: number) =>
      runBin([...gateArgs.slice(0, 4), "--min-coverage", String(percent), ...gateArgs.slice(4)], {
        env: cleanEnv({ NO_COLOR: "1" }),
      });
    const gated = await gate(threshold);
    expect([run.code, gated.code]).toEqual([0, 0]);
    const above = await gate(threshold + 1);
    expect(above.code).toBe(1);
    expect(lines(above.stdout).at(-1)).toMatch(/^verdict: failed — coverage gate total not reached/);
  });

  it("replay: the same lines, and a verdict", async () => {
    const har = join(work, "kept.har");
    writeFileSync(har, taskHar(9998));
    const run = await runBin(["replay", har, "--reports-dir", join(work, "coverage-replay")]);
    const line = lines(run.stdout).find((text) => text.startsWith("coverage "));
    expect(line).toMatch(
      /^coverage \d+\.\d% of operations and documented statuses \(\d+\/\d+\): operations \d+\.\d% \(1\//,
    );
    expect(lines(run.stdout).at(-1)).toBe("verdict: passed (1 passed, 0 failed, 0 skipped)");
  });
});
