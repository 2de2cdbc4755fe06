// Runs examples against a running sandbox, each in a fresh tenant of its own (a world seeded like a new
// sandbox, with its own key) or all in one given tenant, as a reader runs them against one `pnpm sandbox`.
// Every answer is judged by the spec: an example passes when it exits 0, every API answer it got has a status
// its operation documents, and at least one is a documented success (2xx).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectSandbox } from "@cloud-contract/mock";
import { type DocumentModel, matchStatus } from "@cloud-contract/spec/document";
import ts from "typescript";
import { SAMPLE_API_KEY, SAMPLE_SERVER } from "../../../../spec/docs/plugins/curl-sample.js";
import type { Example } from "./collect.js";

export interface ExampleResult {
  where: string;
  outcome: "passed" | "failed" | "not run";
  /** Each API answer as `<status> <METHOD> <path>`, or why it failed / was not run. */
  detail: string;
}

const PACKAGE_DIR = fileURLToPath(new URL("../../", import.meta.url));
const FETCH_LOG = fileURLToPath(new URL("./fetch-log.mjs", import.meta.url));
const TIMEOUT_MS = 60_000;
/** How fetch-log.mjs logs a request it refused to send. */
const REFUSED = "refused ";

// Every `curl` of a shell example goes through this function: it fails on an HTTP error (as a user would
// notice one) and logs the status, method and URL of each answer.
const CURL_LOGGER = `curl() {
  local out status
  out=$(command curl --silent --show-error -w '\\n%{http_code} %{method} %{url_effective}' "$@") || return $?
  status=\${out##*$'\\n'}
  printf '%s\\n' "\${out%$'\\n'*}"
  case "\${out%$'\\n'*}" in *'"count":0,'*'"results":[]'*) status="$status empty" ;; esac
  printf '%s\\n' "$status" >> "$EXAMPLE_STATUS_LOG"
}
`;

interface Process {
  code: number | null;
  output: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Process> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4000);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Judges the logged answers: every one documented, at least one a documented 2xx, and no list answered empty
 * (a sample that shows nothing against the sandbox's world teaches nothing).
 */
function judgeAnswers(model: DocumentModel, lines: string[]): string | undefined {
  const answers = lines
    .map((line) => line.split(" "))
    .map(([status = "", method = "", url = "", empty]) => ({
      status: Number(status),
      method,
      url: new URL(url),
      empty: empty === "empty",
    }));
  const emptyList = answers.find((a) => a.empty);
  if (emptyList)
    return `${emptyList.method} ${emptyList.url.pathname}${emptyList.url.search} answered an empty list`;
  // The sandbox's control API has a spec of its own; its client throws on an error status.
  let successes = answers.filter((a) => a.url.pathname.startsWith("/__sandbox/") && a.status < 300).length;
  for (const { status, method, url } of answers.filter((a) => !a.url.pathname.startsWith("/__sandbox/"))) {
    const operation = model.route(method, url.pathname).route;
    if (!operation) return `${method} ${url.pathname} is not an operation of the API`;
    if (!matchStatus(Object.keys(operation.responses), status))
      return `${status} is not a documented status of ${operation.operationId}`;
    if (status >= 200 && status < 300) successes++;
  }
  return successes > 0 ? undefined : "no API call got a documented success status";
}

export interface RunOptions {
  sandboxUrl: string;
  model: DocumentModel;
  /** The key of the tenant every example runs in; without it, each example gets a fresh tenant. */
  key?: string;
  /** How many examples run at once. */
  concurrency?: number;
}

/** Runs the examples; resolves with one result per example, in their order. */
export async function runExamples(
  examples: readonly Example[],
  options: RunOptions,
): Promise<ExampleResult[]> {
  const { sandboxUrl, model } = options;
  // Inside this package, so that the examples' imports (@cloud-contract/client, …) resolve as a user's would.
  mkdirSync(join(PACKAGE_DIR, "node_modules", ".cache"), { recursive: true });
  const workDir = mkdtempSync(join(PACKAGE_DIR, "node_modules", ".cache", "examples-"));
  const sandbox = connectSandbox(sandboxUrl);

  async function runOne(example: Example, index: number): Promise<ExampleResult> {
    if (example.notRun !== undefined)
      return { where: example.where, outcome: "not run", detail: example.notRun };
    const key = options.key ?? (await sandbox.tenant()).key;
    const code = example.code.replaceAll(SAMPLE_SERVER, sandboxUrl).replaceAll(SAMPLE_API_KEY, key);
    const log = join(workDir, `${index}.log`);
    writeFileSync(log, "");
    const env = {
      CLOUD_API_KEY: key,
      EXAMPLE_STATUS_LOG: log,
    };
    let result: Process;
    if (example.language === "ts") {
      const js = ts.transpileModule(code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = join(workDir, `${index}.mjs`);
      writeFileSync(file, js);
      result = await run(process.execPath, ["--import", FETCH_LOG, file], env, dirname(file));
    } else {
      result = await run("bash", ["-e", "-o", "pipefail", "-c", `${CURL_LOGGER}${code}`], env, workDir);
    }
    const logged = readFileSync(log, "utf8").split("\n").filter(Boolean);
    const refused = logged.filter((line) => line.startsWith(REFUSED));
    if (refused.length > 0)
      return {
        where: example.where,
        outcome: "failed",
        detail: `calls outside the machine: ${refused.map((line) => line.slice(REFUSED.length)).join(", ")}`,
      };
    const shown = logged.map((line) => line.replace(sandboxUrl, "")).join(", ");
    if (result.code !== 0)
      return {
        where: example.where,
        outcome: "failed",
        detail: `exit ${result.code}: ${result.output.trim().slice(-400)}`,
      };
    const wrong = judgeAnswers(model, logged);
    if (wrong) return { where: example.where, outcome: "failed", detail: `${wrong} (${shown})` };
    return { where: example.where, outcome: "passed", detail: shown };
  }

  const results: ExampleResult[] = new Array(examples.length);
  let next = 0;
  const worker = async () => {
    while (next < examples.length) {
      const index = next++;
      results[index] = await runOne(examples[index] as Example, index);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 3 }, worker));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  return results;
}

/** One line per example, for the test's output. */
export function report(results: readonly ExampleResult[]): string {
  return results.map((r) => `${r.outcome.padEnd(7)} ${r.where} — ${r.detail}`).join("\n");
}
