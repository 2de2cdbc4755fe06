// What `npm install @cloud-contract/contract-tests` (or npx, in its cache) leaves: the package and the mock copied
// into a node_modules folder of their own, each with the files its tarball holds (`pnpm pack --dry-run`: the
// release packs with pnpm), every other dependency linked from the workspace, and the bin in
// `node_modules/.bin`. Without Prism, Node resolves Prism from the copies' folders, where it is absent.
import { spawnSync } from "node:child_process";
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

/** The files pnpm would pack from the package in `dir`. */
function packedFiles(dir: string): string[] {
  const run = spawnSync("pnpm", ["pack", "--dry-run", "--json"], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`pnpm pack --dry-run failed in ${dir}:\n${run.stderr}`);
  const packed: { files: Array<{ path: string }> } = JSON.parse(run.stdout);
  return packed.files.map((file) => file.path);
}

/** Lays the install out under `root` (with Prism linked only when `prism`); returns the path of the package's bin there. */
export function installCopy(root: string, { prism }: { prism: boolean }): string {
  const modules = join(root, "node_modules");
  const sources = new Map([
    ["@cloud-contract/contract-tests", PACKAGE_ROOT],
    ["@cloud-contract/mock", packageDir(PACKAGE_ROOT, "@cloud-contract/mock")],
  ]);
  const linked = new Map<string, string>();
  for (const [name, source] of sources) {
    for (const file of packedFiles(source)) cpSync(join(source, file), join(modules, name, file));
    for (const dependency of dependenciesOf(source)) {
      if (COPIED.includes(dependency) || (dependency === PRISM && !prism)) continue;
      linked.set(dependency, packageDir(source, dependency));
    }
  }
  if (prism) linked.set(PRISM, packageDir(PACKAGE_ROOT, PRISM));
  for (const [name, target] of linked) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(target, join(modules, name), "dir");
  }
  const bin = join(modules, "@cloud-contract/contract-tests", "bin", "contract-tests.js");
  mkdirSync(join(modules, ".bin"));
  symlinkSync(bin, join(modules, ".bin", "contract-tests"));
  return bin;
}
