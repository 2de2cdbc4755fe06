// Runs the spec package's Arazzo document with `redocly respect` (the CLI version the spec pins, through the
// repository's wrapper) against a base URL, and reads its JSON report.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
/** The spec package's folder: its CLI is the one the wrapper runs. */
const SPEC_DIR = dirname(require.resolve("@cloud-contract/spec/package.json"));
/** The published workflow document. */
export const MAIN_WORKFLOWS = require.resolve("@cloud-contract/spec/workflows/main.arazzo.yaml");
const WRAPPER = fileURLToPath(new URL("../../../../scripts/redocly.mjs", import.meta.url));

export interface RespectStep {
  stepId: string;
  checks: { name: string; passed: boolean; message: string }[];
}

export interface RespectRun {
  exitCode: number | null;
  /** The run's output, for a failing test's message. */
  output: string;
  /** Each workflow run: its status (`success` or `error`) and the steps that ran (retries included). */
  workflows: { workflowId: string; status: string; executedSteps: RespectStep[] }[];
}

/** Runs `workflows` (all when empty) of the main document against `baseUrl` with `inputs`. */
export async function runRespect(
  baseUrl: string,
  inputs: Record<string, string | number>,
  workflows: string[] = [],
): Promise<RespectRun> {
  const dir = mkdtempSync(join(tmpdir(), "respect-"));
  const report = join(dir, "report.json");
  const args = [
    WRAPPER,
    "respect",
    MAIN_WORKFLOWS,
    "--server",
    `cloud=${baseUrl}`,
    "--json-output",
    report,
    ...Object.entries(inputs).flatMap(([name, value]) => ["--input", `${name}=${value}`]),
    ...workflows.flatMap((id) => ["--workflow", id]),
  ];
  try {
    const child = spawn(process.execPath, args, { cwd: SPEC_DIR, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    const parsed = JSON.parse(readFileSync(report, "utf8")) as {
      files: Record<string, { executedWorkflows: RespectRun["workflows"] }>;
    };
    return { exitCode, output, workflows: Object.values(parsed.files).flatMap((f) => f.executedWorkflows) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The steps of `run` whose last execution (a retried step runs more than once) failed a check, as
 * `<workflowId>/<stepId>`, in the order they ran.
 */
export function failedSteps(run: RespectRun): string[] {
  const last = new Map<string, RespectStep>();
  for (const w of run.workflows) for (const s of w.executedSteps) last.set(`${w.workflowId}/${s.stepId}`, s);
  return [...last].filter(([, s]) => s.checks.some((c) => !c.passed)).map(([id]) => id);
}
