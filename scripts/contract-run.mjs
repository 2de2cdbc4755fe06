// Runs the contract suite against a running sandbox as one tenant (shared by the scripts that do so).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUN_TIMEOUT_MS = 8 * 60_000;
const BIN = fileURLToPath(new URL("../packages/contract-tests/bin/contract-tests.js", import.meta.url));

/** The CONTRACT_* variables that point the suite at a tenant. */
export function tenantEnv(url, tenant) {
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

/**
 * One run of the contract suite (`--target url --stateful` through `env`) with one vitest worker, bounded
 * in time; resolves with its exit code, the totals of its JSON report and its output.
 */
export function runContractSuite(index, env, reportsDir) {
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
