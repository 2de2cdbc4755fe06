// The benchmark commands BENCHMARKS.md lists for one package, run as printed with tiny counts (no figure judged):
// each package's bench-commands test uses these, so that a bench a moved function broke fails the build.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The commands of BENCHMARKS.md's table that run the benches of `packages/<name>`. */
export function listedBenchCommands(name) {
  const benchmarks = readFileSync(new URL("../BENCHMARKS.md", import.meta.url), "utf8");
  const own = new RegExp(`^(pnpm --filter @cloud-contract/${name} |cd packages/${name} && )`);
  return [...benchmarks.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]).filter((c) => own.test(c));
}

/**
 * The shell line a listed command runs in its package folder: a `pnpm --filter` command's package script
 * without its build step (the test runs after the build) and with `args` after it; a `cd … && node FILE …`
 * command's node call with `args` in place of the printed ones.
 */
export function benchShellCommand(name, command, args = "") {
  const filtered = new RegExp(`^pnpm --filter @cloud-contract/${name} (\\S+)$`).exec(command);
  if (filtered) {
    const { scripts } = JSON.parse(readFileSync(`${root}/packages/${name}/package.json`, "utf8"));
    const script = scripts[filtered[1]];
    if (!script) throw new Error(`packages/${name}/package.json has no script "${filtered[1]}"`);
    return `${script.replace(new RegExp(`^nx run ${name}:build && `), "")} ${args}`.trim();
  }
  const own = new RegExp(`^cd packages/${name} && (node \\S+)(?: .*)?$`).exec(command);
  if (!own) throw new Error(`cannot run "${command}" here`);
  return `${own[1]} ${args}`.trim();
}

/** Runs a shell line in `packages/<name>` with `env` added; resolves to its exit code and output. */
export function runBenchCommand(name, line, env = {}) {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", line], {
      cwd: `${root}/packages/${name}`,
      env: { ...process.env, ...env },
    });
    let output = "";
    const keep = (chunk) => {
      output += chunk.toString();
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ code, output }));
  });
}
