// The README's CI recipe, run as printed (npx finding the package installed in the folder) against a sandbox:
// two shards with --stateful, then merge with its gates. Every command exits 0, and the merged headline's
// figures are the ones its gates judged.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningSandbox, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BIN, cleanEnv, runShell } from "./test-support/bin.js";

const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));
const README = readFileSync(join(PACKAGE_ROOT, "README.md"), "utf8");
const MARKER =
  "<!-- not-run: the whole contract suite; src/ci-recipe.test.ts runs these lines against a sandbox -->";

let sandbox: RunningSandbox;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  folder = mkdtempSync(join(tmpdir(), "ci-recipe-"));
  mkdirSync(join(folder, "node_modules", "@cloud-contract"), { recursive: true });
  mkdirSync(join(folder, "node_modules", ".bin"));
  symlinkSync(PACKAGE_ROOT, join(folder, "node_modules", "@cloud-contract", "contract-tests"));
  symlinkSync(BIN, join(folder, "node_modules", ".bin", "contract-tests"));
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** The lines of the shell block under the marker. */
function recipe(): string[] {
  const after = README.slice(README.indexOf(MARKER) + MARKER.length);
  const block = /```sh\n([\s\S]*?)```/.exec(after)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "");
}

/** `coverage gate total: 52.0% reaches 50%` → { total: "52.0" }. */
const gateFigures = (output: string) =>
  Object.fromEntries([...output.matchAll(/^coverage gate (\w+): (\d+\.\d)% /gm)].map((m) => [m[1], m[2]]));

it("runs as printed against a sandbox: exit 0, and the headline's figures are those its gates judged", async () => {
  const lines = recipe();
  expect(lines).toHaveLength(3);
  const env = cleanEnv({ NO_COLOR: "1", npm_config_offline: "true" });
  let output = "";
  for (const line of lines) {
    const run = await runShell(line.replaceAll("http://127.0.0.1:4011", sandbox.url), env, folder);
    output = run.stdout + run.stderr;
    expect(run.code, `${line}\n${output}`).toBe(0);
  }
  const headline =
    /^coverage (\d+\.\d)% of operations and documented statuses \(\d+\/\d+\): operations (\d+\.\d)% /m.exec(
      output,
    );
  expect(headline, output).not.toBeNull();
  expect(gateFigures(output)).toEqual({ total: headline?.[1], operations: headline?.[2] });
});
