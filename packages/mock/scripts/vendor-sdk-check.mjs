#!/usr/bin/env node
// vendor-sdk-check SDK_DIR [--python PATH]: the vendor's Python SDK (SDK_DIR, a checkout of G-Core/gcore-python)
// against a sandbox started here on 127.0.0.1 — its security-group update (v2) and the deprecated v1 call with
// its Deprecation and successor Link headers (vendor-sdk-check.py). Exit 0 all passed, 1 a check failed,
// 2 it cannot run (one line saying why).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const USAGE = `Usage: vendor-sdk-check SDK_DIR [--python PATH]

Runs the vendor's Python SDK from SDK_DIR (a checkout of G-Core/gcore-python) against a sandbox started on
127.0.0.1: the SDK's security-group update (PATCH /cloud/v2/security_groups/…) and its task, then the
deprecated v1 update, which must carry Deprecation and a successor-version Link.

  --python PATH  the Python to run it with (default: $PYTHON, else python3); it needs the SDK's
                 dependencies: httpx, pydantic, anyio, distro, sniffio, typing-extensions
  --help         this text

Exit 0 when every check passes, 1 when one fails, 2 when it cannot run.`;

/** Most milliseconds the SDK's checks may take before the run is called off. */
const RUN_LIMIT_MS = 120_000;

function cannotRun(message) {
  process.stderr.write(`vendor-sdk-check: ${message}\n`);
  process.exit(2);
}

function parseArgs(args) {
  const options = { sdkDir: undefined, python: process.env.PYTHON || "python3" };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg === "--python") {
      const value = args[++i];
      if (!value) cannotRun("--python needs a path");
      options.python = value;
    } else if (arg.startsWith("-")) cannotRun(`unknown option ${arg} (see --help)`);
    else if (options.sdkDir === undefined) options.sdkDir = arg;
    else cannotRun(`one SDK_DIR only, got ${options.sdkDir} and ${arg}`);
  }
  if (options.sdkDir === undefined) cannotRun("usage: vendor-sdk-check SDK_DIR [--python PATH] (see --help)");
  return options;
}

const { sdkDir, python } = parseArgs(process.argv.slice(2));
// pnpm runs package scripts in the package's folder; a relative SDK_DIR means the caller's (INIT_CWD).
const sdkSrc = resolve(process.env.INIT_CWD ?? process.cwd(), sdkDir, "src");
if (!existsSync(join(sdkSrc, "gcore", "__init__.py"))) {
  cannotRun(`${sdkDir} is not a checkout of the vendor's Python SDK (no src/gcore/__init__.py)`);
}
const env = {
  ...process.env,
  PYTHONPATH: [sdkSrc, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
};
const probe = spawnSync(python, ["-c", "import gcore"], { env, encoding: "utf8" });
if (probe.error) cannotRun(`cannot start ${python}: ${probe.error.message}`);
if (probe.status !== 0) {
  const last = probe.stderr.trim().split("\n").at(-1);
  cannotRun(`the SDK does not import with ${python}: ${last}`);
}

const { startSandbox, SANDBOX_API_KEY, SANDBOX_FIXTURES } = await import("../dist/index.js");
const sandbox = await startSandbox({ host: "127.0.0.1", port: 0, taskDelayMs: 200 });
let code;
try {
  const checker = fileURLToPath(new URL("./vendor-sdk-check.py", import.meta.url));
  const { projectId, regionId, securityGroupId } = SANDBOX_FIXTURES;
  const args = [checker, sandbox.url, SANDBOX_API_KEY, projectId, regionId, securityGroupId].map(String);
  const child = spawn(python, args, { env, stdio: "inherit" });
  const limit = setTimeout(() => child.kill(), RUN_LIMIT_MS);
  code = await new Promise((done) => child.on("exit", (status) => done(status)));
  clearTimeout(limit);
} finally {
  await sandbox.stop();
}
if (code === null) cannotRun(`the SDK's checks did not finish within ${RUN_LIMIT_MS / 1000} s`);
process.exit(code === 0 ? 0 : 1);
