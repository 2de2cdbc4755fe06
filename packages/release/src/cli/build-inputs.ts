import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { GateInputError } from "../gate-input-error.js";
import { folderHash, specSourceHash } from "../kept-results.js";

/** The nx target that makes what the gate reads: the spec bundle and the spec's document model. */
export const INPUTS_TARGET = "spec:build";

/** Files outside spec/ that the target reads (its scripts, nx's shared inputs, the tools' versions). */
const SHARED_INPUTS = [
  "scripts/redocly.mjs",
  "scripts/place-files.mjs",
  "nx.json",
  "tsconfig.base.json",
  "biome.json",
  "pnpm-lock.yaml",
];

/**
 * Runs `nx run spec:build` in the workspace at `root` with its output captured, so that stdout holds the
 * report alone. When it fails, one line: the first line of the output that names an error. Skipped when
 * neither what the target reads nor what it wrote (spec/dist) changed since it last succeeded here: starting
 * nx costs more than the rest of a gate run. Returns the hash of the spec's sources as the build left them.
 */
export function buildInputs(root: string): { specHash: string } {
  const stamp = join(root, "node_modules", ".cache", "release-gate", "spec-build.stamp");
  const specHash = specSourceHash(root);
  const before = `${inputsHash(root, specHash)} ${folderHash(join(root, "spec", "dist"))}`;
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === before) return { specHash };
  runTarget(root);
  const after = specSourceHash(root);
  try {
    mkdirSync(dirname(stamp), { recursive: true });
    writeFileSync(stamp, `${inputsHash(root, after)} ${folderHash(join(root, "spec", "dist"))}`);
  } catch {} // Not kept: the next run builds again.
  return { specHash: after };
}

/** A hash of what `spec:build` reads: the spec's folder but its outputs, and SHARED_INPUTS. */
function inputsHash(root: string, specHash: string): string {
  const hash = createHash("sha256").update(specHash);
  for (const file of SHARED_INPUTS)
    hash.update(`\n${file}\n`).update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "");
  return hash.digest("hex");
}

function runTarget(root: string): void {
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
