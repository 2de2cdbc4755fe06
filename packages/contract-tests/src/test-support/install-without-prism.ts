// What `npm install @cloud-contract/contract-tests` leaves when the optional Prism peer is not installed:
// the package and the mock copied into a node_modules folder of their own, every other dependency linked
// from the workspace. Node resolves Prism from the copies' folders, where it is absent.
import { cpSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const COPIED = ["@cloud-contract/contract-tests", "@cloud-contract/mock"];
const PRISM = "@stoplight/prism-cli";

/** Where the workspace installed `name` for the package in `from` (pnpm links each dependency there). */
function packageDir(from: string, name: string): string {
  return realpathSync(join(from, "node_modules", name));
}

function dependenciesOf(dir: string): string[] {
  const manifest: { dependencies?: Record<string, string> } = JSON.parse(
    readFileSync(join(dir, "package.json"), "utf8"),
  );
  return Object.keys(manifest.dependencies ?? {});
}

/** Lays the install out under `root`; returns the path of the package's bin there. */
export function installWithoutPrism(root: string): string {
  const modules = join(root, "node_modules");
  const sources = new Map([
    ["@cloud-contract/contract-tests", PACKAGE_ROOT],
    ["@cloud-contract/mock", packageDir(PACKAGE_ROOT, "@cloud-contract/mock")],
  ]);
  const linked = new Map<string, string>();
  for (const [name, source] of sources) {
    const copy = join(modules, name);
    for (const part of ["package.json", "bin", "dist"]) {
      cpSync(join(source, part), join(copy, part), { recursive: true });
    }
    for (const dependency of dependenciesOf(source)) {
      if (COPIED.includes(dependency) || dependency === PRISM) continue;
      linked.set(dependency, packageDir(source, dependency));
    }
  }
  for (const [name, target] of linked) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(target, join(modules, name), "dir");
  }
  return join(modules, "@cloud-contract/contract-tests", "bin", "contract-tests.js");
}
