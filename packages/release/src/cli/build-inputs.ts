import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { GateInputError } from "../gate-input-error.js";

/** The nx target that makes what the gate reads: the spec bundle and the spec's document model. */
export const INPUTS_TARGET = "spec:build";

/**
 * Runs `nx run spec:build` in the workspace at `root` with its output captured, so that stdout holds the
 * report alone. When it fails, one line: the first line of the output that names an error.
 */
export function buildInputs(root: string): void {
  const nx = createRequire(join(root, "package.json")).resolve("nx/bin/nx.js");
  const run = spawnSync(process.execPath, [nx, "run", INPUTS_TARGET, "--outputStyle=static"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? "false", NX_TUI: "false", FORCE_COLOR: "0" },
  });
  if (run.status === 0) return;
  const lines = `${run.stdout ?? ""}\n${run.stderr ?? ""}`.split("\n").map((l) => l.trim());
  throw new GateInputError(
    `the spec does not bundle: ${causeOf(lines) ?? `nx run ${INPUTS_TARGET} exited ${run.status ?? run.signal}`}; see: pnpm exec nx run ${INPUTS_TARGET}`,
  );
}

/** Redocly's first problem (`[1] openapi.yaml:11:23 at #/paths/…` and the message after it), else an error line. */
function causeOf(lines: string[]): string | undefined {
  const at = lines.findIndex((l) => /^\[\d+\] \S+:\d+:\d+ at /.test(l));
  if (at >= 0) {
    const [, file, pointer] = /^\[\d+\] (\S+) at (\S+)/.exec(lines[at] ?? "") ?? [];
    const message = lines.slice(at + 1).find((l) => l !== "");
    return `spec/${file} (${pointer}): ${message}`;
  }
  return lines.find((l) => /error|cannot|can't|failed/i.test(l) && !/^NX\b|Running target/.test(l));
}
