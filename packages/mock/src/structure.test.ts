// The shape of the package's source (its import cycles are the lint target's: scripts/import-cycles.mjs): the
// sandbox's generic layers know no service, and types carry what the code knows (few type assertions).
import { readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, it } from "vitest";
import { assertionBudget, sourceFiles } from "../../../scripts/type-assertions.mjs";

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

it("keeps the sandbox's generic layers free of imports from a service's folder (services.ts lists them)", () => {
  const generic = sourceFiles(sandbox).filter(
    (file) => !inServiceFolder(file) && file !== resolve(services, "services.ts"),
  );
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
