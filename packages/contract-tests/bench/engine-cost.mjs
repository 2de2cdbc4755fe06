// What each engine costs per request it sends: the hand-written suite (`run --stateful`), `generate` and
// `stateful`, each a fresh `contract-tests` process against one sandbox listening in this process, the three
// interleaved in every round. A process's CPU time (user + system, from GNU time) is divided by the requests the
// sandbox received from it, counted by a forwarding server in front of the sandbox; the sandbox's own CPU is not
// in it. Prints the median per engine. Run: pnpm --filter @cloud-contract/contract-tests bench:engines
// (BENCH_ROUNDS=3; BENCH_SMOKE=1: one round, a few requests — the suite's billing files only — for the smoke test).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandbox } from "@cloud-contract/mock";
import { SUITE_SANDBOX } from "../dist/target-session.js";

const SMOKE = process.env.BENCH_SMOKE === "1";
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 8;
const bin = fileURLToPath(new URL("../bin/contract-tests.js", import.meta.url));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const ENGINES = {
  suite: ["run", "--stateful"],
  generate: [
    "generate",
    "--cases",
    SMOKE ? "1" : "30",
    "--operation",
    ...(SMOKE ? ["listPlanContents"] : []),
  ],
  stateful: ["stateful", "--sequences", SMOKE ? "1" : "50"],
};
if (!SMOKE) ENGINES.generate.splice(ENGINES.generate.indexOf("--operation"), 1);
/** Vitest's arguments, after the target's: the smoke run's suite is its billing files. */
const VITEST_ARGS = { suite: SMOKE ? ["--", "src/billing"] : [] };

/** A server that hands every request on to `target` and counts them. */
async function countingForwarder(target) {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port } = new URL(target);
  const counter = { requests: 0 };
  const server = createServer((incoming, answer) => {
    counter.requests++;
    const onward = request(
      { host: hostname, port, agent, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.rawHeaders);
        reply.pipe(answer);
      },
    );
    onward.on("error", (error) => answer.destroy(error));
    incoming.pipe(onward);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    counter,
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      server.closeAllConnections();
      agent.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One engine's process under GNU time: its CPU milliseconds and its exit code. */
function timedRun(args, reportsDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "/usr/bin/time",
      ["-f", "cpu %U %S", process.execPath, bin, ...args, "--reports-dir", reportsDir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout = (stdout + chunk).slice(-4000);
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const [, user, system] = /cpu (\S+) (\S+)\s*$/.exec(stderr) ?? [];
      if (user === undefined) reject(new Error(`no CPU time for ${args.join(" ")}: ${stderr}`));
      else resolve({ code, cpuMs: 1000 * (Number(user) + Number(system)), output: stdout + stderr });
    });
  });
}

const sandbox = await startSandbox(SUITE_SANDBOX);
const forwarder = await countingForwarder(sandbox.url);
const reportsDir = mkdtempSync(join(tmpdir(), "engine-cost-"));
const results = Object.fromEntries(Object.keys(ENGINES).map((name) => [name, []]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(ENGINES)) {
      const before = forwarder.counter.requests;
      const run = await timedRun(
        [...args, "--target", "url", "--base-url", forwarder.url, ...(VITEST_ARGS[name] ?? [])],
        join(reportsDir, name),
      );
      const requests = forwarder.counter.requests - before;
      // generate and stateful exit 1 on a finding; only a usage error (2) or a crash makes the figure void.
      if (run.code !== 0 && run.code !== 1) throw new Error(`${name} exited ${run.code}: ${run.output}`);
      results[name].push({ ...run, requests, perRequest: run.cpuMs / requests });
      console.log(
        `round ${round + 1} ${name}: ${requests} requests, ${run.cpuMs.toFixed(0)} ms CPU, ${(run.cpuMs / requests).toFixed(2)} ms a request (exit ${run.code})`,
      );
    }
  }
} finally {
  await forwarder.close();
  await sandbox.stop();
  rmSync(reportsDir, { recursive: true, force: true });
}

console.log(`\nengine CPU per request, medians of ${ROUNDS} round(s):`);
for (const [name, runs] of Object.entries(results)) {
  const perRequest = median(runs.map((r) => r.perRequest));
  const held =
    name === "suite" ? ` (target ≤ ${TARGET_MS} ms: ${perRequest <= TARGET_MS ? "held" : "not held"})` : "";
  console.log(
    `${name.padEnd(9)} ${perRequest.toFixed(2)} ms a request; ${median(runs.map((r) => r.requests))} requests, ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms CPU${held}`,
  );
}
