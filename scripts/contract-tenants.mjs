// 16 runs of the contract suite at once against ONE sandbox, each with a tenant of its own
// (`contract-tests --target url --stateful` with the tenant's key and ids): all must pass, which shows that
// tenants keep parallel CI jobs apart. Run by `pnpm test` (nx target `contract-tenants` of the root project).
// Each run uses one vitest worker, and nx starts this after the packages' own tests, whose timing checks
// would suffer from sixteen suites at once. RUNS=N changes the number of runs. Every run is bounded in time; the sandbox is stopped at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { connectSandbox, startSandbox } from "../packages/mock/dist/index.js";
import { runContractSuite, tenantEnv } from "./contract-run.mjs";

// The runs and the sandbox yield the CPU to everything else (niceness 10, inherited by the runs): nx may run
// another task beside this one, whose time-bounded waits (a server starting, say) sixteen suites at once
// would starve. These runs only need to finish, not to be quick.
setPriority(10);

const RUNS = Number(process.env.RUNS ?? 16);
const reportsRoot = mkdtempSync(join(tmpdir(), "contract-tenants-"));

const sandbox = await startSandbox({ validateResponses: true });
let failed = false;
try {
  const control = connectSandbox(sandbox.url);
  const tenants = await Promise.all(Array.from({ length: RUNS }, () => control.tenant()));
  const started = performance.now();
  const results = await Promise.all(
    tenants.map((t, i) =>
      runContractSuite(i + 1, tenantEnv(sandbox.url, t), join(reportsRoot, `run-${i + 1}`)),
    ),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const r of results) {
    const t = r.totals;
    const ok = r.code === 0 && t && t.failed === 0 && t.violations === 0 && t.passed > 0;
    if (!ok) failed = true;
    console.log(
      `run ${String(r.index).padStart(2)}: ${ok ? "passed" : "FAILED"} — exit ${r.code}, ` +
        (t
          ? `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${t.violations} violations`
          : "no report"),
    );
    if (!ok) console.log(r.output.split("\n").slice(-40).join("\n"));
  }
  const passedCounts = new Set(results.map((r) => r.totals?.passed));
  if (passedCounts.size !== 1) {
    failed = true;
    console.log(`the runs passed different numbers of tests: ${[...passedCounts].join(", ")}`);
  }
  console.log(
    `${RUNS} parallel contract runs, one tenant each, against one sandbox: ${failed ? "FAILED" : "all green"} in ${seconds} s`,
  );
} finally {
  await sandbox.stop();
  rmSync(reportsRoot, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
