// The README's test command is the one CI runs, and it needs nothing a bare Debian machine lacks:
// `pnpm test` first runs scripts/ensure-system-deps.mjs, which installs what is missing.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { installCommands, missingPackages, SYSTEM_DEPS } from "../../../scripts/ensure-system-deps.mjs";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const TEST_COMMAND = "npm i -g pnpm@10 && pnpm install --frozen-lockfile && pnpm test";

describe("the README's test command", () => {
  it("is in the README and is exactly what .ci/run runs", () => {
    expect(read("README.md")).toContain(`\`\`\`sh\n${TEST_COMMAND}\n\`\`\``);
    const commands = read(".ci/run")
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#") && !/^(set|cd|export) /.test(line));
    expect(commands).toEqual([TEST_COMMAND]);
  });

  it("runs the system-deps check before nx, and nx with Node's compile cache and kept validators in node_modules, in a temp folder of its own", () => {
    const { scripts } = JSON.parse(read("package.json"));
    expect(scripts.test).toMatch(
      /^node scripts\/ensure-system-deps\.mjs && NODE_COMPILE_CACHE="\$PWD\/node_modules\/\.cache\/node-compile-cache" CLOUD_CONTRACT_VALIDATOR_CACHE="\$PWD\/node_modules\/\.cache\/validators" node scripts\/with-scratch-tmpdir\.mjs nx run-many /,
    );
  });
});

describe("ensure-system-deps", () => {
  it("asks for chromium (the docs browser test) and postgresql (the sandbox's PostgreSQL tests)", () => {
    expect(SYSTEM_DEPS.map((d) => d.name)).toEqual(["chromium", "postgresql"]);
  });

  it.each([
    [{ CHROMIUM_PATH: "/nonexistent/chromium", POSTGRES_BIN: "/nonexistent" }, ["chromium", "postgresql"]],
    [{ CHROMIUM_PATH: process.execPath, POSTGRES_BIN: "/nonexistent" }, ["postgresql"]],
  ])("with %o finds %j missing", (env, missing) => {
    expect(missingPackages(SYSTEM_DEPS, env)).toEqual(missing);
  });

  it.each([
    [true, ["apt-get", "update", "-qq"]],
    [false, ["sudo", "-n", "apt-get", "update", "-qq"]],
  ])("as root = %s installs with apt-get, non-interactively", (isRoot, update) => {
    const [first, second = []] = installCommands(["chromium"], isRoot);
    expect(first).toEqual(update);
    expect(second.slice(-5)).toEqual(["apt-get", "install", "-y", "-qq", "chromium"]);
    expect(second).toContain("DEBIAN_FRONTEND=noninteractive");
  });
});
