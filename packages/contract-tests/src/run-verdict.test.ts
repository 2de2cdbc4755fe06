// A run's verdict as CI sees it, through the bin: exit 2 with one line when the target cannot run
// (unconfigured, unreachable, refused key, wrong base path), a report
// whose verdict is "skipped" only when asked, and JUnit, GitHub annotations and GitLab code quality
// that name the operation, the JSON pointer and the value, with skip reasons and failing coverage gates.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort, type RunningSandbox, SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, printed, runBin, startBin } from "./test-support/bin.js";
import { junitSuites } from "./test-support/junit.js";

const KEY = "verdict-test-key";
const PROBE = "/billing/org/v1/plans/contents";
/** The escape character that starts every ANSI colour code. */
const ESC = String.fromCharCode(27);

let work: string;
let sandbox: RunningSandbox;
let broken: Server;
let brokenUrl: string;

/** A target that answers the probe, refuses other keys, and answers getTask with user_id as a string. */
function startBroken(): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `apikey ${KEY}`)
      return send(401, { message: "Authentication failed." });
    if (req.url?.startsWith(PROBE)) return send(200, { count: 0, next: null, previous: null, results: [] });
    const task = /^\/cloud\/v1\/tasks\/([^/?]+)$/.exec(req.url ?? "");
    if (task?.[1]) {
      return send(200, {
        id: task[1],
        state: "FINISHED",
        task_type: "create_bm",
        user_id: "9998",
        created_on: "2026-11-21T09:15:02Z",
      });
    }
    return send(404, { message: "Not found." });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "run-verdict-"));
  sandbox = await startSandbox({ port: 0 });
  broken = await startBroken();
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sandbox.stop();
  await new Promise<void>((resolve) => broken.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

const suites = junitSuites;
const lines = (text: string) => text.trim().split("\n");

describe("a target that cannot run: exit 2 and one line saying why", () => {
  it("a real target without its variables; --allow-unconfigured skips it with a report saying so", async () => {
    const refused = await runBin(["--target", "real", "--reports-dir", join(work, "real")]);
    expect(refused.code).toBe(2);
    expect(refused.stdout.trim().split("\n")).toHaveLength(1);
    expect(refused.stdout).toMatch(/cannot run --target real: missing CONTRACT_BASE_URL, CONTRACT_API_KEY/);

    const dir = join(work, "real-skipped");
    const skipped = await runBin(["--target", "real", "--allow-unconfigured", "--reports-dir", dir]);
    expect(skipped.code).toBe(0);
    expect(lines(skipped.stdout).at(-1)).toMatch(
      /^verdict: skipped — not configured \(missing CONTRACT_BASE_URL, CONTRACT_API_KEY, .*\) \(0 passed, 0 failed, 0 skipped\)$/,
    );
    const summary = JSON.parse(readFileSync(join(dir, "contract-real.json"), "utf8"));
    expect(summary).toMatchObject({
      verdict: {
        status: "skipped",
        reason: expect.stringMatching(/^not configured \(missing CONTRACT_BASE_URL/),
      },
      missing: expect.arrayContaining(["CONTRACT_BASE_URL", "CONTRACT_API_KEY"]),
      totals: { tests: 0 },
    });
    const [suite] = await suites(join(dir, "contract-real.xml"));
    expect(suite?.testcase?.[0]?.skipped?.[0]?.message).toMatch(/^not configured \(missing CONTRACT_/);
  });

  it.each([
    [
      "an unreachable port",
      async () => `http://127.0.0.1:${await findFreePort()}`,
      SANDBOX_API_KEY,
      /^contract-tests: the target is unreachable: GET http:\/\/127\.0\.0\.1:\d+\/billing\/org\/v1\/plans\/contents failed: ECONNREFUSED/,
    ],
    [
      "a refused key",
      async () => brokenUrl,
      "not-the-key",
      /^contract-tests: the target refused the key: GET http:\/\/127\.0\.0\.1:\d+\/billing\/org\/v1\/plans\/contents answered 401$/,
    ],
    [
      "a wrong base path",
      async () => `${sandbox.url}/api/v2`,
      SANDBOX_API_KEY,
      /^contract-tests: wrong base path\? GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/billing\/org\/v1\/plans\/contents answered 404/,
    ],
  ])("%s", async (_, url, key, line) => {
    const run = await runBin(
      ["--target", "url", "--base-url", await url(), "--reports-dir", join(work, "pre")],
      {
        env: cleanEnv({ CONTRACT_API_KEY: key }),
      },
    );
    expect(run.code).toBe(2);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(run.stdout.trim()).toMatch(line);
  });

  it("an earlier run's reports in the reports directory do not stop a run (it replaces them)", async () => {
    const dir = join(work, "taken");
    await runBin(["--target", "real", "--allow-unconfigured", "--reports-dir", dir]);
    writeFileSync(join(dir, "contract-url.json"), "{}");
    const args = ["--target", "url", "--base-url", `http://127.0.0.1:${await findFreePort()}`];
    const run = await runBin([...args, "--reports-dir", dir], { env: cleanEnv({ CONTRACT_API_KEY: KEY }) });
    expect(run.code).toBe(2);
    expect(lines(run.stdout)).toEqual([expect.stringMatching(/the target is unreachable/)]);
  });
});

describe("the reports of a run that broke the contract", () => {
  let run: Awaited<ReturnType<typeof runBin>>;
  const dir = () => join(work, "broken");

  beforeAll(async () => {
    run = await runBin(
      [
        "--target",
        "url",
        "--base-url",
        brokenUrl,
        "--reports-dir",
        dir(),
        "--reporter",
        "github",
        "--reporter",
        "gitlab",
        "--min-coverage",
        "operations=100,statuses=1",
        "--",
        "src/cloud/tasks.contract.test.ts",
      ],
      { env: cleanEnv({ CONTRACT_API_KEY: KEY, CI: "true" }), cwd: work },
    );
  });

  it("exit 1, no ANSI codes in a log that is not a terminal (even with CI set)", () => {
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).not.toContain(ESC);
    expect(run.stderr).not.toContain(ESC);
  });

  it("JUnit: suites by operation, failures naming the operation, pointer and value, skip reasons, the suite file by the package's name, no stack traces", async () => {
    const all = await suites(join(dir(), "contract-url.xml"));
    const byName = new Map(all.map((suite) => [suite.name, suite]));
    const getTask = byName.get("getTask");
    const failed = getTask?.testcase?.find((c) => c.failure);
    expect(failed?.classname).toBe("getTask");
    expect(failed?.failure?.[0]?.message).toBe(
      'getTask (GET /cloud/v1/tasks/{task_id}) → 200: /user_id must be integer; got "9998"',
    );
    expect(failed?.failure?.[0]?.inner ?? "").not.toMatch(/\n\s+at /);
    const skippedCases = all.flatMap((suite) => suite.testcase ?? []).filter((c) => c.skipped);
    expect(skippedCases.length).toBeGreaterThan(0);
    for (const c of skippedCases) expect(c.skipped?.[0]?.message).toMatch(/\w/);
    const xml = readFileSync(join(dir(), "contract-url.xml"), "utf8");
    // The run's folder is outside the repository: the suite's file is named by the package.
    expect(xml).toContain('file="@cloud-contract/contract-tests/src/cloud/tasks.contract.test.ts"');
    const gates = byName.get("coverage")?.testcase ?? [];
    expect(gates.map((c) => [c.name, Boolean(c.failure)])).toEqual([
      ["coverage gate operations ≥ 100%", true],
      ["coverage gate statuses ≥ 1%", false],
    ]);
    expect(gates[0]?.failure?.[0]?.inner).toContain("listPlanContents");
  });

  it("the terminal: each failure printed once (vitest's on stderr), with no frame of the suite's own code; the verdict last", () => {
    const violation =
      'getTask (GET /cloud/v1/tasks/{task_id}) → 200 application/json: /user_id must be integer; got "9998"';
    expect(run.stderr.split(violation)).toHaveLength(2);
    expect(run.stdout + run.stderr).not.toMatch(/harness\.ts|\.contract\.test\.ts:\d+:\d+/);
    expect(lines(run.stdout).at(-1)).toMatch(
      /^verdict: failed — \d+ tests of \d+ failed; coverage gate operations not reached \(0 passed, \d+ failed, 3 skipped\)$/,
    );
    const summary = JSON.parse(readFileSync(join(dir(), "contract-url.json"), "utf8"));
    expect(summary.verdict).toEqual({
      status: "failed",
      reason: expect.stringMatching(/^\d+ tests of \d+ failed; coverage gate operations not reached$/),
    });
  });

  it("the JSON summary lists the failed gate with its missing items", () => {
    const summary = JSON.parse(readFileSync(join(dir(), "contract-url.json"), "utf8"));
    expect(summary.gates[0]).toMatchObject({ gate: "operations", threshold: 100, passed: false });
    expect(summary.gates[0].missing).toContain("listPlanContents");
  });

  it("GitHub annotations for the failed test and the failed gate; GitLab code quality likewise", () => {
    // A suite file outside the repository: no file= the pull request could not show; GitLab needs a path.
    const file = "@cloud-contract/contract-tests/src/cloud/tasks.contract.test.ts";
    const annotations = run.stdout.split("\n").filter((line) => line.startsWith("::error "));
    const failedTest = annotations.filter((line) => line.startsWith("::error title=getTask "));
    expect(failedTest).toHaveLength(1);
    expect(failedTest[0]).toMatch(
      /::getTask \(GET \/cloud\/v1\/tasks\/\{task_id\}\) → 200: \/user_id must be integer; got "9998"$/,
    );
    expect(annotations).toContainEqual(
      expect.stringMatching(
        /^::error title=coverage gate operations::coverage gate operations: \d+\.\d%25 is below 100%25 \(missing: /,
      ),
    );
    const quality = JSON.parse(readFileSync(join(dir(), "contract-url.codequality.json"), "utf8"));
    expect(quality).toContainEqual(
      expect.objectContaining({
        check_name: "contract",
        severity: "critical",
        description: expect.stringContaining('/user_id must be integer; got "9998"'),
        location: { path: file, lines: { begin: 1 } },
      }),
    );
    expect(quality).toContainEqual(expect.objectContaining({ check_name: "coverage-operations" }));
  });
});

describe("Ctrl-C in the middle of a run", () => {
  let stalled: Server;
  beforeAll(async () => {
    // Answers the preflight, then holds every other request: the run is still going when Ctrl-C comes.
    stalled = createServer((req, res) => {
      if (!req.url?.startsWith(PROBE)) return;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
    });
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    stalled.closeAllConnections();
    await new Promise<void>((resolve) => stalled.close(() => resolve()));
  });

  it("exit 130, and the run leaves nothing in the temporary folder (its configuration stays in memory)", async () => {
    const temp = mkdtempSync(join(work, "tmp-"));
    const ownFiles = () => readdirSync(temp);
    const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
    const bin = startBin(
      ["--target", "url", "--base-url", url, "--reports-dir", join(work, "interrupted"), "--", "src/cloud"],
      { env: cleanEnv({ CONTRACT_API_KEY: KEY, TMPDIR: temp }), cwd: work },
    );
    await printed(bin, /RUN/);
    expect(ownFiles()).toEqual([]);
    bin.child.kill("SIGINT");
    const run = await bin.finished;
    expect(run.code, run.stdout + run.stderr).toBe(130);
    expect(ownFiles()).toEqual([]);
  });
});
