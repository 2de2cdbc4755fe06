import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  behaviourRegistryFile,
  bugRegistryFile,
  operationsWith,
  renderBehaviourRegistry,
  renderBugRegistry,
} from "../../scripts/generate-operation-registries.mjs";

describe("src/operations/behaviour-registry.ts and bug-registry.ts", () => {
  it.each([
    [behaviourRegistryFile, renderBehaviourRegistry],
    [bugRegistryFile, renderBugRegistry],
  ])("%s is what the generation makes of the folders (run `pnpm generate` if not)", (file, render) => {
    const committed = readFileSync(file, "utf8");
    expect(committed === render(), `${file} is stale: run \`pnpm generate\` and commit it`).toBe(true);
    expect(committed.startsWith("/**\n * Generated from the folders of src/operations/")).toBe(true);
  });

  it("lists a folder in a registry only when it holds that registry's file", () => {
    const dir = mkdtempSync(join(tmpdir(), "operation-folders-"));
    try {
      for (const [name, files] of [
        ["getWidget", ["behaviours.ts", "bugs.ts"]],
        ["addWidget", ["behaviours.ts"]],
        ["notes", []],
      ] as const) {
        mkdirSync(join(dir, name));
        for (const file of files) writeFileSync(join(dir, name, file), "");
      }
      writeFileSync(join(dir, "sources.ts"), "");
      expect(operationsWith("behaviours.ts", dir)).toEqual(["addWidget", "getWidget"]);
      expect(operationsWith("bugs.ts", dir)).toEqual(["getWidget"]);
      expect(renderBugRegistry(["getWidget"])).toContain('import * as getWidget from "./getWidget/bugs.js";');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
