// The maintainers' check of the vendor's Python SDK against the sandbox (scripts/vendor-sdk-check.mjs): what it
// says about bad input. A run with the SDK needs its checkout and dependencies, which CI does not have.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("../scripts/vendor-sdk-check.mjs", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "vendor-sdk-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });

/** A folder shaped like the SDK's checkout whose package fails to import. */
function brokenSdk(): string {
  const dir = join(scratch, "broken-sdk");
  mkdirSync(join(dir, "src", "gcore"), { recursive: true });
  writeFileSync(join(dir, "src", "gcore", "__init__.py"), "import module_the_sdk_lacks\n");
  return dir;
}

describe("vendor-sdk-check", () => {
  it("explains itself with --help, exit 0", () => {
    const result = run("--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: vendor-sdk-check SDK_DIR \[--python PATH\]/);
  });

  it.each([
    ["no SDK_DIR", [], /^vendor-sdk-check: usage: vendor-sdk-check SDK_DIR/],
    ["an unknown option", ["--fast"], /^vendor-sdk-check: unknown option --fast/],
    ["--python without a path", [scratch, "--python"], /^vendor-sdk-check: --python needs a path/],
    ["two folders", [scratch, scratch], /^vendor-sdk-check: one SDK_DIR only/],
    ["a folder that is not the SDK", [scratch], /is not a checkout of the vendor's Python SDK/],
    ["a Python that cannot start", [brokenSdk(), "--python", join(scratch, "no-python")], /cannot start/],
    ["an SDK that does not import", [brokenSdk()], /does not import with .*: .*module_the_sdk_lacks/],
  ])("refuses %s: exit 2, one line", (_what, args, line) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(line);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
