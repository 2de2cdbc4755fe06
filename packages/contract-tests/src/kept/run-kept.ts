// Runs kept files with vitest in this process, with a configuration of its own (whatever folder they are in
// and whatever vitest config lies above it): `@cloud-contract/contract-tests` (and through it the client) and
// vitest resolve from this installation of the package — the project the files were written in — and the
// target reaches them through provide.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { KeptTarget } from "./kept-target.js";
import { KEPT_SUFFIX } from "./kept-test-file.js";

/** The modules a kept file imports, as this package resolves them. */
const IMPORTS = ["@cloud-contract/contract-tests", "vitest"] as const;

const aliases = () =>
  IMPORTS.map((name) => ({
    find: new RegExp(`^${name.replace(/[/.]/g, "\\$&")}$`),
    replacement: fileURLToPath(import.meta.resolve(name)),
  }));

/** Outcome of a run: 0 every kept file passed, 1 one still fails, 2 one could not run (no test collected). */
export async function runKeptFiles(
  files: readonly string[],
  root: string,
  target: KeptTarget,
): Promise<number> {
  const { createVitest } = await import("vitest/node");
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root,
      include: [`**/*${KEPT_SUFFIX}`],
      watch: false,
      provide: { keptTarget: target },
      // Nothing is written into the kept files' folder.
      cache: false,
      // The files share worker threads and one module graph per worker, so this package (the spec's model,
      // its validators) loads once per worker, not once per file; a kept file only resends its one request.
      pool: "threads",
      isolate: false,
      // The built packages are imported by Node, as from a user's node_modules, not transformed by vite.
      server: { deps: { external: [/\/dist\//, /\/node_modules\//] } },
    },
    {
      cacheDir: join(tmpdir(), "contract-tests-kept-vite"),
      resolve: { alias: aliases() },
    },
  );
  try {
    const result = await vitest.start([...files]);
    const collected = result.testModules.every((module) => [...module.children.allTests()].length > 0);
    if (result.testModules.length < files.length || !collected) return 2;
    const ok = result.unhandledErrors.length === 0 && result.testModules.every((module) => module.ok());
    return ok ? 0 : 1;
  } finally {
    await vitest.close();
  }
}
