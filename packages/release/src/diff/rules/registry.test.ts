import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isPolicyRule, levelOf, RULE_IDS, type RuleId } from "../rules.js";
import { RULE_FAMILIES } from "./registry.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const src = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

const read = (file: string) => readFileSync(file, "utf8");
const modules = readdirSync(here).filter(
  (name) =>
    name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "rule.ts" && name !== "registry.ts",
);
/** Where a rule id is written as a literal, among the gate's non-test sources. */
const writtenIn = (id: RuleId) =>
  sources(src)
    .filter((file) => !file.endsWith(".test.ts") && !relative(src, file).startsWith("test-support"))
    .filter((file) => read(file).includes(`"${id}"`))
    .map((file) => relative(here, file));

describe("the rule modules", () => {
  it("are all listed in the registry, each once", () => {
    expect(RULE_FAMILIES.length).toBe(modules.length);
    expect(new Set(RULE_FAMILIES.map((f) => f.family)).size).toBe(modules.length);
  });

  it.each(RULE_IDS)("%s is written in exactly one module, which tests it", (id) => {
    const files = writtenIn(id);
    expect(files).toHaveLength(1);
    const [module] = files;
    expect(modules).toContain(module);
    expect(read(join(here, String(module).replace(/\.ts$/, ".test.ts")))).toContain(`"${id}"`);
  });

  it('builds no rule id from a template anywhere in the comparer (direction + "-enum-value-removed")', () => {
    const diff = join(src, "diff");
    const templated = sources(diff)
      .filter((file) => !file.endsWith(".test.ts"))
      .filter((file) => /`\$\{[^}]*\}-[a-z-]+`/.test(read(file)))
      .map((file) => relative(diff, file));
    expect(templated).toEqual([]);
  });

  it("has exchange witnesses only for rules of the same module, and policy only on error rules", () => {
    for (const family of RULE_FAMILIES) {
      for (const id of Object.keys(family.exchanges)) expect(family.rules).toHaveProperty(id);
    }
    for (const id of RULE_IDS) if (isPolicyRule(id)) expect(levelOf(id)).toBe("error");
  });
});
