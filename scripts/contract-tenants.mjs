// 16 runs of the contract suite at once against ONE sandbox, each with a tenant of its own
// (`contract-tests --target url --stateful` with the tenant's key and ids): all must pass, which shows that
// tenants keep parallel CI jobs apart. Run by `pnpm test` (nx target `contract-tenants` of the root project).
// Each run uses one vitest worker, and nx starts this after the packages' own tests, whose timing checks
// would suffer from sixteen suites at once. RUNS=N changes the number of runs. Every run is bounded in time; the sandbox is stopped at the end.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectSandbox, startSandbox } from "../packages/mock/dist/index.js";

const RUNS = Number(process.env.RUNS ?? 16);
const RUN_TIMEOUT_MS = 8 * 60_000;
const BIN = fileURLToPath(new URL("../packages/contract-tests/bin/contract-tests.js", import.meta.url));
const reportsRoot = mkdtempSync(join(tmpdir(), "contract-tenants-"));

/** The CONTRACT_* variables that point the suite at a tenant. */
function tenantEnv(url, tenant) {
  const { ids } = tenant;
  return {
    CONTRACT_TARGET: "url",
    CONTRACT_BASE_URL: url,
    CONTRACT_API_KEY: tenant.key,
    CONTRACT_STATEFUL: "1",
    CONTRACT_ALLOW_MUTATIONS: "1",
    CONTRACT_PROJECT_ID: String(ids.project_id),
    CONTRACT_REGION_ID: String(ids.region_id),
    CONTRACT_RESELLER_ID: String(ids.reseller_id),
    CONTRACT_STREAM_ID: String(ids.stream_id),
    CONTRACT_CDN_RESOURCE_ID: String(ids.cdn_resource_id),
    CONTRACT_SECURITY_GROUP_ID: ids.security_group_id,
    CONTRACT_PORT_ID: ids.port_id,
    CONTRACT_INSTANCE_FLAVOR: ids.vm_flavor,
    CONTRACT_BAREMETAL_FLAVOR: ids.bare_metal_flavor,
    CONTRACT_IMAGE_ID: ids.image_id,
    CONTRACT_APPTEMPLATE_ID: ids.app_template_id,
    CONTRACT_NETWORK_ID: ids.network_id,
    CONTRACT_SUBNET_ID: ids.subnet_id,
  };
}

function run(index, env) {
  const reportsDir = join(reportsRoot, `run-${index}`);
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, [BIN, "--reports-dir", reportsDir, "--", "--maxWorkers=1"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      let totals;
      try {
        totals = JSON.parse(readFileSync(join(reportsDir, "contract-url.json"), "utf8")).totals;
      } catch {
        totals = undefined;
      }
      resolve({ index, code, totals, output });
    });
  });
}

const sandbox = await startSandbox({ validateResponses: true });
let failed = false;
try {
  const control = connectSandbox(sandbox.url);
  const tenants = await Promise.all(Array.from({ length: RUNS }, () => control.tenant()));
  const started = performance.now();
  const results = await Promise.all(tenants.map((t, i) => run(i + 1, tenantEnv(sandbox.url, t))));
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
