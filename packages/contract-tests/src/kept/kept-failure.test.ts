// A failure kept as a test, end to end: a fault set through the sandbox's control API (every getTask answers
// 500) makes `generate` fail and keep the smallest valid case as a vitest file; a HAR with a broken answer
// makes `replay` keep its request; a fault that makes the sandbox answer otherwise than a recording makes
// `parity` keep the request it sent, and `stateful` the request whose answer broke a check. Each file, run by vitest on its own, fails while the sandbox answers
// with a fault and passes once it is removed.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectSandbox, type RunningSandbox, SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanEnv, runBin } from "../test-support/bin.js";
import { writeRecordedGet } from "../test-support/har-file.js";

const OPERATION = "getTask";
const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const VITEST = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

let sandbox: RunningSandbox;
/** Inside the package, so the kept file finds @cloud-contract/client and this package as a user's project would. */
let work: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  work = mkdtempSync(join(PACKAGE_ROOT, ".kept-test-"));
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Runs one test file with vitest as a user's project would, with a config of its own (not this package's,
 * which vitest would otherwise find above the file); resolves to its exit code and output.
 */
function runKept(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const config = join(work, "vitest.config.mjs");
  writeFileSync(config, 'export default { test: { include: ["**/*.test.ts"] } };\n');
  const child = spawn(process.execPath, [VITEST, "run", "--config", config, "--root", work, file], {
    cwd: work,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

/** The kept file fails (the seeded 500) while the fault is set, and passes once `faults` are cleared. */
async function expectFailingUntilCleared(
  file: string,
  env: NodeJS.ProcessEnv,
  faults: { clear(): Promise<unknown> },
): Promise<void> {
  const failing = await runKept(file, env);
  expect(failing.code, failing.output).toBe(1);
  expect(failing.output).toMatch(/a valid request got 500/);
  await faults.clear();
  const passing = await runKept(file, env);
  expect(passing.code, passing.output).toBe(0);
}

it("a seeded fault yields a kept vitest file that fails while the fault is there and passes once it is gone", async () => {
  const faults = connectSandbox(sandbox.url).forKey(SANDBOX_API_KEY).faults;
  await faults.add({ kind: "status", status: 500, operation_id: OPERATION, times: 1000 });
  const reportsDir = join(work, "reports");
  const run = await runBin(
    [
      "generate",
      "--target",
      "url",
      "--base-url",
      sandbox.url,
      "--operation",
      OPERATION,
      "--cases",
      "2",
      "--reports-dir",
      reportsDir,
    ],
    { env: cleanEnv({ NO_COLOR: "1" }) },
  );
  expect(run.code, run.stdout).toBe(1);
  const keptDir = join(reportsDir, "kept-failures", "generated-url");
  const valid = readdirSync(keptDir).find((name) => /^getTask-\d+-valid-request-5xx\.test\.ts$/.test(name));
  expect(valid, readdirSync(keptDir).join(", ")).toBeDefined();
  const file = join(keptDir, valid as string);
  expect(`${run.stdout}${run.stderr}`).toContain(`kept: ${file}`);
  const text = readFileSync(file, "utf8");
  expect(text).toContain(`import { createCloudClient } from "@cloud-contract/client";`);
  expect(text).toMatch(/^\/\/ By hand: curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/cloud\/v1\/tasks\//m);
  expect(text).toContain('"status": 500');

  const env = cleanEnv({ CONTRACT_BASE_URL: sandbox.url, NO_COLOR: "1" });
  await expectFailingUntilCleared(file, env, faults);
}, 120_000);

it("replay keeps a recorded request whose answer broke the contract as a vitest file of the same request", async () => {
  const operation = "listPlanContents";
  const url = `${sandbox.url}/billing/org/v1/plans/contents?limit=2`;
  const har = join(work, "broken.har");
  writeRecordedGet(har, url, "42");

  const reportsDir = join(work, "replay-reports");
  const run = await runBin(["replay", har, "--reports-dir", reportsDir], {
    env: cleanEnv({ NO_COLOR: "1" }),
  });
  expect(run.code, run.stdout).toBe(1);
  const file = join(reportsDir, "kept-failures", "replay-recorded", `${operation}-1.test.ts`);
  expect(run.stdout).toContain(`kept: ${file} — curl -sS -X GET '${url}' -H 'Authorization: apikey <key>'`);
  const text = readFileSync(file, "utf8");
  expect(text).toMatch(/^\/\/ Kept failure \(replay, .*broken\.har#0\) of listPlanContents: /m);
  expect(text).toContain(`import { createCloudClient } from "@cloud-contract/client";`);
  expect(text).toContain('"body": 42');

  const faults = connectSandbox(sandbox.url).forKey(SANDBOX_API_KEY).faults;
  await faults.add({ kind: "status", status: 500, operation_id: operation, times: 1000 });
  const env = cleanEnv({ CONTRACT_BASE_URL: sandbox.url, CONTRACT_API_KEY: SANDBOX_API_KEY, NO_COLOR: "1" });
  await expectFailingUntilCleared(file, env, faults);

  // A second run replaces the first run's kept files rather than adding to them.
  const again = await runBin(["replay", har, "--reports-dir", reportsDir], {
    env: cleanEnv({ NO_COLOR: "1" }),
  });
  expect(again.code, again.stdout).toBe(1);
  expect(readdirSync(join(reportsDir, "kept-failures", "replay-recorded"))).toEqual([
    `${operation}-1.test.ts`,
  ]);
}, 120_000);

it("parity keeps the request whose answer differed from the recording: failing with the fault, passing once it is gone", async () => {
  const operation = "listPlanContents";
  const url = `${sandbox.url}/billing/org/v1/plans/contents?limit=2`;
  const recorded = await fetch(url, { headers: { authorization: `apikey ${SANDBOX_API_KEY}` } });
  expect(recorded.status).toBe(200);
  const text = await recorded.text();
  const har = join(work, "recorded.har");
  writeRecordedGet(har, url, text, [{ name: "authorization", value: "apikey REDACTED" }]);

  const faults = connectSandbox(sandbox.url).forKey(SANDBOX_API_KEY).faults;
  await faults.add({ kind: "status", status: 500, operation_id: operation, times: 1000 });
  const reportsDir = join(work, "parity-reports");
  const argv = [
    "parity",
    har,
    "--target",
    "url",
    "--base-url",
    sandbox.url,
    "--pace",
    "none",
    "--reports-dir",
    reportsDir,
  ];
  const env = cleanEnv({ CONTRACT_BASE_URL: sandbox.url, CONTRACT_API_KEY: SANDBOX_API_KEY, NO_COLOR: "1" });
  const run = await runBin(argv, { env });
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(1);
  const file = join(reportsDir, "kept-failures", "parity-url", `${operation}-1.test.ts`);
  expect(run.stdout).toContain(`kept: ${file} — curl -sS -X GET '${url}'`);
  const kept = readFileSync(file, "utf8");
  expect(kept).toMatch(
    /^\/\/ Kept failure \(parity, .*recorded\.har#0\) of listPlanContents: .*status — recorded 200, target 500/m,
  );
  expect(kept).toContain(`import { createCloudClient } from "@cloud-contract/client";`);

  await expectFailingUntilCleared(file, env, faults);

  // Without the fault parity finds no difference, and the re-run removes the earlier kept file.
  const again = await runBin(argv, { env });
  expect(again.code, again.stdout).toBe(0);
  expect(readdirSync(reportsDir)).not.toContain("kept-failures");
}, 120_000);

it("stateful keeps the request whose answer broke a check: failing with the fault, passing once it is gone", async () => {
  const operation = "listPlanContents";
  const faults = connectSandbox(sandbox.url).forKey(SANDBOX_API_KEY).faults;
  await faults.add({ kind: "status", status: 500, operation_id: operation, times: 1000 });
  const reportsDir = join(work, "stateful-reports");
  const argv = [
    "stateful",
    "--target",
    "url",
    "--base-url",
    sandbox.url,
    "--sequences",
    "2",
    "--reports-dir",
    reportsDir,
  ];
  const env = cleanEnv({ CONTRACT_BASE_URL: sandbox.url, CONTRACT_API_KEY: SANDBOX_API_KEY, NO_COLOR: "1" });
  const run = await runBin(argv, { env });
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(1);
  const keptDir = join(reportsDir, "kept-failures", "stateful-url");
  const name = readdirSync(keptDir).find((file) => file.startsWith(`${operation}-`));
  expect(name, readdirSync(keptDir).join(", ")).toBeDefined();
  const file = join(keptDir, name as string);
  expect(run.stdout).toContain(
    `kept: ${file} — curl -sS -X GET '${sandbox.url}/billing/org/v1/plans/contents`,
  );
  const kept = readFileSync(file, "utf8");
  expect(kept).toMatch(/^\/\/ Kept failure \(stateful, seed \d+\) of listPlanContents: /m);
  expect(kept).toContain(`import { createCloudClient } from "@cloud-contract/client";`);

  await expectFailingUntilCleared(file, env, faults);
}, 120_000);
