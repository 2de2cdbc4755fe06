#!/usr/bin/env node
// Records the consumers this repository has into consumers/<team>/<team>.har: each team's program runs
// against `contract-tests record`'s proxy in front of the sandbox, and the proxy redacts credentials.
//   docs-samples    the docs page's TypeScript samples (spec/code_samples/*.ts), run as they are
//   client-readme   the TypeScript programs of packages/client/README.md, run as they are
//   consumer-check  the calls of the tarball consumer check (test/consumer-project/main.ts)
//   sdk-calls       calls as the official SDKs make them: plain fetch, `Authorization: APIKey <key>`
// A program's requests to the production API or the sandbox's default address are sent to the proxy.
// Usage (after `pnpm exec nx run-many -t build -p release mock contract-tests client`):
//   node packages/release/scripts/record-consumers.mjs
import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createCloudClient } from "@cloud-contract/client";
import { createJudge, startRecordProxy } from "@cloud-contract/contract-tests";
import { SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
import ts from "typescript";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const here = fileURLToPath(new URL("..", import.meta.url));
const ORIGINS = ["https://api.gcore.com", "http://127.0.0.1:4011"];
const key = SANDBOX_FIXTURES.apiKey;

/** Runs a TypeScript program as it is written, its requests to ORIGINS sent to `proxyUrl`. */
async function runProgram(name, source, proxyUrl, scratch) {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  // Beside this package, so that its imports resolve to the workspace's packages.
  const file = join(here, `.record-${name}.mjs`);
  writeFileSync(file, js);
  try {
    // Asynchronously: the proxy and the sandbox answer from this process.
    await promisify(execFile)(
      process.execPath,
      ["--import", pathToFileURL(join(scratch, "redirect.mjs")).href, file],
      {
        env: {
          ...process.env,
          CLOUD_API_KEY: key,
          RECORD_TO: proxyUrl,
          RECORD_FROM: JSON.stringify(ORIGINS),
        },
        timeout: 60_000,
      },
    );
  } catch (error) {
    // A program that ends with an error (a 404 it throws on) still made its calls: they are recorded.
    console.error(
      `  ${name}: exited with ${error.code ?? error.signal}: ${String(error.stderr).trim().split("\n").pop()}`,
    );
  } finally {
    rmSync(file, { force: true });
  }
}

const REDIRECT = `
const to = process.env.RECORD_TO;
const from = JSON.parse(process.env.RECORD_FROM);
const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (!from.includes(url.origin)) return original(request);
  return original(new Request(to + url.pathname + url.search, request));
};
`;

/** The TypeScript blocks of a README. */
function tsBlocks(file) {
  return [...readFileSync(file, "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

const TEAMS = {
  "docs-samples": async (url, scratch) => {
    const dir = join(root, "spec", "code_samples");
    for (const name of readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .sort()) {
      await runProgram(name.replace(/\.ts$/, ""), readFileSync(join(dir, name), "utf8"), url, scratch);
    }
  },
  "client-readme": async (url, scratch) => {
    const programs = tsBlocks(join(root, "packages", "client", "README.md")).filter((b) =>
      b.includes("createCloudClient("),
    );
    for (const [i, source] of programs.entries())
      await runProgram(`client-readme-${i + 1}`, source, url, scratch);
  },
  "consumer-check": async (url) => {
    const client = createCloudClient({ apiKey: key, baseUrl: url, retry: false });
    await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: SANDBOX_FIXTURES.runningTaskIds[0] } },
    });
    await client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 5 } } });
    await client.POST("/streaming/streams/{stream_id}/reset_push_token", {
      params: { path: { stream_id: SANDBOX_FIXTURES.streamId } },
    });
  },
  "sdk-calls": async (url) => {
    const { projectId, regionId, resellerId } = SANDBOX_FIXTURES;
    const call = (method, path, body) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          Authorization: `APIKey ${key}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.arrayBuffer());
    await call("GET", `/cloud/v1/tasks/${projectId}/${regionId}/active?limit=10`);
    await call("GET", "/billing/org/v1/plans/contents?limit=2&offset=0");
    await call("POST", `/cloud/v1/registries/${projectId}/${regionId}/check_limits`, { storage_limit: 5 });
    await call("GET", `/iam/reselling/resellers/${resellerId}/notification_settings?limit=5`);
  },
};

const scratch = mkdtempSync(join(tmpdir(), "record-consumers-"));
writeFileSync(join(scratch, "redirect.mjs"), REDIRECT);
const sandbox = await startSandbox({ port: 0 });
try {
  for (const [team, run] of Object.entries(TEAMS)) {
    const outDir = join(scratch, team);
    const proxy = await startRecordProxy({ upstream: sandbox.url, port: 0, outDir, judge: createJudge() });
    await run(proxy.url, scratch);
    const summary = await proxy.stop();
    const target = join(root, "consumers", team);
    mkdirSync(target, { recursive: true });
    renameSync(summary.file, join(target, `${team}.har`));
    console.log(`${team}: ${summary.exchanges} exchange(s) → consumers/${team}/${team}.har`);
  }
} finally {
  await sandbox.stop();
  rmSync(scratch, { recursive: true, force: true });
}
