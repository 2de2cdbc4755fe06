// The contract suite against the sandbox in each durable storage mode: embedded (--data-dir, LMDB) and
// PostgreSQL (--database-url, a throwaway server started here). The memory mode is not run again here: the
// 16 tenant runs (contract-tenants.mjs) and the contract-sandbox target run the same suite against it. Each
// run is `contract-tests --target url --stateful` with a tenant of its own, and must pass with no violation;
// the time of each run is printed. Run by `pnpm test` (nx target `contract-storage` of the root project).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectSandbox, startSandbox } from "../packages/mock/dist/index.js";
import { startPostgres } from "../packages/mock/dist/sandbox/durable/throwaway-postgres.js";
import { runContractSuite, tenantEnv } from "./contract-run.mjs";
import { postgresBinDir } from "./ensure-system-deps.mjs";

const root = mkdtempSync(join(tmpdir(), "contract-storage-"));
const postgres = await startPostgres(postgresBinDir());
const MODES = [
  ["embedded (--data-dir)", { dataDir: join(root, "data.v2") }],
  ["PostgreSQL (--database-url)", { databaseUrl: postgres.url }],
];
let failed = false;
try {
  for (const [index, [name, storage]] of MODES.entries()) {
    const sandbox = await startSandbox({ ...storage, validateResponses: true, taskDelayMs: 150 });
    try {
      const tenant = await connectSandbox(sandbox.url).tenant();
      const started = performance.now();
      const r = await runContractSuite(
        index + 1,
        tenantEnv(sandbox.url, tenant),
        join(root, `run-${index + 1}`),
      );
      const t = r.totals;
      const ok = r.code === 0 && t && t.failed === 0 && t.violations === 0 && t.passed > 0;
      if (!ok) failed = true;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${name}: ${ok ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s — exit ${r.code}, ` +
          (t
            ? `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${t.violations} violations`
            : "no report"),
      );
      if (!ok) console.log(r.output.split("\n").slice(-40).join("\n"));
    } finally {
      await sandbox.stop();
    }
  }
} finally {
  await postgres.stop();
  rmSync(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
