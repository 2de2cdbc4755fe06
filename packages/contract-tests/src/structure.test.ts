// The shape of the package's source (its import cycles are the lint target's: Biome's noImportCycles):
// the CONTRACT_* variables read in one place only, the run's configuration (src/run-config/), process.env
// never written, the reports written in one module, and few type assertions (`x as T`): types carry what
// the code knows.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { assertionBudget } from "../../../scripts/type-assertions.mjs";

const src = fileURLToPath(new URL(".", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

it("reads CONTRACT_* variables only in src/run-config/", () => {
  const readers = sources(src)
    .filter((file) => !relative(src, file).startsWith("run-config"))
    .filter((file) => /env(\?)?\.CONTRACT_|env\[["'`]CONTRACT_/.test(readFileSync(file, "utf8")))
    .map((file) => relative(src, file));
  expect(readers).toEqual([]);
});

it("keeps its type assertions (not counting tests and test support) to at most 6 per 1,000 lines", () => {
  const { assertions, allowed, places } = assertionBudget(fileURLToPath(new URL("..", import.meta.url)));
  expect(assertions, places.join("\n")).toBeLessThanOrEqual(allowed);
});

it("writes process.env nowhere: the configuration reaches vitest in memory", () => {
  const bin = fileURLToPath(new URL("../bin", import.meta.url));
  const files = [...sources(src), ...readdirSync(bin).map((name) => join(bin, name))];
  const writers = files
    .filter((file) =>
      /process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=|\|\|=)|Object\.assign\(process\.env|delete process\.env|process\.chdir\(/.test(
        readFileSync(file, "utf8"),
      ),
    )
    .map((file) => relative(src, file));
  expect(writers).toEqual([]);
});

it("writes a run's reports in one module (reports/write-reports.ts), whatever the command", () => {
  const writer = join("reports", "write-reports.ts");
  const offenders = sources(src)
    .filter((file) => relative(src, file) !== writer)
    .filter((file) =>
      /(writeJson|writeFileSync|writeText)\(\s*[\w.]*(summary|junit|coverage|codeQuality)\b|\b(junitXml|githubAnnotations|gitlabCodeQuality|summarize)\(/i.test(
        readFileSync(file, "utf8").replace(/export function \w+\(/g, ""),
      ),
    )
    .map((file) => relative(src, file));
  expect(offenders).toEqual([]);
});
