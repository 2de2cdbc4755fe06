// The README's code blocks (the files in examples/, held equal to the README by readme-examples.test.ts) run as a
// user runs them: each compiled to an ES module and started with node against a real sandbox, a tenant of
// its own per block (the URL and key of `pnpm sandbox` replaced with the tenant's). Every call a block makes
// to the API must get a success status, but for the 503s a block injects on purpose.
import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { connectSandbox, type RunningSandbox, startSandbox } from "@cloud-contract/mock";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";

const root = new URL("..", import.meta.url);
/** Inside the package, so that `@cloud-contract/client` resolves to the package itself (its dist). */
const runDir = new URL(".readme-run/", root);
const SANDBOX_URL = "http://127.0.0.1:4011";
const SANDBOX_KEY = "sandbox-api-key";
const examples = (await readdir(new URL("examples/", root))).filter((name) => name.endsWith(".ts")).sort();

/** Preloaded into each block: records `METHOD path status` of every API call the block makes. */
const RECORDER = `
import { appendFileSync } from "node:fs";
const original = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  // Read the method and URL without reading the request (its body can be read once).
  const method = init?.method ?? input.method ?? "GET";
  const { pathname } = new URL(input.url ?? String(input));
  const response = await original(input, init);
  if (!pathname.startsWith("/__sandbox/")) {
    appendFileSync(process.env.README_RUN_LOG, \`\${method} \${pathname} \${response.status}\\n\`);
  }
  return response;
};
`;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true });
  await mkdir(runDir, { recursive: true });
  await writeFile(new URL("record-fetch.mjs", runDir), RECORDER);
});
afterAll(async () => {
  await sandbox?.stop();
  await rm(runDir, { recursive: true, force: true });
});

function runNode(file: URL, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "./record-fetch.mjs", file.pathname], {
      cwd: runDir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), HANG_DETECTOR_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("the README's code blocks, run against a fresh sandbox", () => {
  it.each(examples)("%s runs to the end, every API call answered with a success", async (name) => {
    const source = await readFile(new URL(`examples/${name}`, root), "utf8");
    expect(source).toContain(SANDBOX_URL);
    const tenant = await connectSandbox(sandbox.url).tenant();
    const { code: js } = await transform(source, { loader: "ts", format: "esm", target: "node20" });
    const program = js.replaceAll(SANDBOX_URL, sandbox.url).replaceAll(`"${SANDBOX_KEY}"`, `"${tenant.key}"`);
    const file = new URL(name.replace(/\.ts$/, ".mjs"), runDir);
    const log = new URL(name.replace(/\.ts$/, ".calls"), runDir);
    await writeFile(file, program);
    await writeFile(log, "");
    const { code, output } = await runNode(file, {
      README_RUN_LOG: log.pathname,
      CLOUD_API_KEY: tenant.key,
    });
    expect(code, output).toBe(0);
    const calls = (await readFile(log, "utf8")).trim().split("\n").filter(Boolean);
    expect(calls.length, output).toBeGreaterThan(0);
    const injected = source.includes("faults.add");
    const failed = calls.filter((call) => !/ 2\d\d$/.test(call) && !(injected && call.endsWith(" 503")));
    expect(failed, output).toEqual([]);
  });
});
