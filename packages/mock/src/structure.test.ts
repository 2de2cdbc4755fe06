// The shape of the package's source (its import cycles are the lint target's: Biome's noImportCycles): the
// sandbox's generic layers know no service and reach into no service's part, the store layer knows nothing of what
// a tenant arms (faults, overrides), and types carry what the code knows (few type assertions).
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, it } from "vitest";
import { assertionBudget, sourceFiles } from "../../../scripts/type-assertions.mjs";
import { SERVICES } from "./sandbox/services/services.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const sandbox = fileURLToPath(new URL("sandbox", import.meta.url));
const services = resolve(sandbox, "services");

/** Whether `file` lies in a service's own folder (`services/<name>/…`). */
const inServiceFolder = (file: string) => {
  const path = relative(services, file);
  return !path.startsWith("..") && path.split(sep).length > 1;
};

/** The files `file` imports (static, dynamic and type-only), resolved; packages are left out. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name));
}

/** `file` and every source file it imports, directly or through others (each `.js` import read as its `.ts`). */
function importClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !existsSync(path)) return;
    seen.add(path);
    for (const imported of importsOf(path)) visit(imported.replace(/\.js$/, ".ts"));
  };
  visit(file);
  return seen;
}

/** The sandbox's source files outside a service's folder, `services.ts` (the list of services) left out. */
const genericFiles = () =>
  sourceFiles(sandbox).filter((file) => !inServiceFolder(file) && file !== resolve(services, "services.ts"));

it("keeps the sandbox's generic layers free of imports from a service's folder (services.ts lists them)", () => {
  const generic = genericFiles();
  expect(generic.length).toBeGreaterThan(100);
  const leaks = generic.flatMap((file) =>
    importsOf(file)
      .filter(inServiceFolder)
      .map((target) => `${relative(sandbox, file)} -> ${relative(sandbox, target)}`),
  );
  expect(leaks).toEqual([]);
});

it("keeps its type assertions (`x as T`, `<T>x`; not tests) to at most 6 per 1,000 lines", () => {
  const { assertions, lines } = assertionBudget(packageDir);
  expect(lines).toBeGreaterThan(10_000);
  expect(assertions, `${assertions} assertions in ${lines} lines`).toBeLessThanOrEqual((lines * 6) / 1000);
});

it("keeps the sandbox's generic layers from reaching into a service's part by its name", () => {
  const byName = new RegExp(`\\bparts\\s*(\\.\\s*|\\[\\s*["'\`])(${Object.keys(SERVICES).join("|")})\\b`);
  const reaching = genericFiles().filter((file) => byName.test(readFileSync(file, "utf8")));
  expect(reaching.map((file) => relative(sandbox, file))).toEqual([]);
});

it("keeps the store layer (store.ts and all it imports) free of faults and overrides, which the tenant arms", () => {
  const closure = [...importClosure(resolve(sandbox, "store.ts"))].map((file) => relative(sandbox, file));
  expect(closure.length).toBeGreaterThan(10);
  expect(closure.filter((file) => /^(faults|overrides|tenants)[/\\]/.test(file))).toEqual([]);
});
