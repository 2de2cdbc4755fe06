// The README's test command is the one CI runs, and it needs nothing a bare Debian machine lacks (the system
// packages are nx targets of their own: system-deps.test.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

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

  it("runs nx with its plugins in its own process, Node's compile cache and kept validators in node_modules, in a temp folder of its own", () => {
    const { scripts } = JSON.parse(read("package.json"));
    expect(scripts.test).toMatch(
      /^NX_ISOLATE_PLUGINS=false NODE_COMPILE_CACHE="\$PWD\/node_modules\/\.cache\/node-compile-cache" CLOUD_CONTRACT_VALIDATOR_CACHE="\$PWD\/node_modules\/\.cache\/validators" node scripts\/with-scratch-tmpdir\.mjs nx run-many /,
    );
  });
});
