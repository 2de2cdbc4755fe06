// The gate's TypeScript source as one bundle (esbuild; the comparer and the replay in chunks loaded only when a
// run needs them), built once per code fingerprint and kept in packages/release/.gate-bundle/. A process then
// loads a few files instead of resolving and type-stripping the source module by module. The fingerprint is a
// hash of the source, the spec's compiled model, the lockfile and Node's version: it also names the results
// the gate keeps (src/kept-results.ts reads it from CLOUD_CONTRACT_GATE_CODE).
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Packages left to Node: changesets load rarely (the spec's model and ajv are bundled: one file, not hundreds). */
const EXTERNAL = ["@changesets/*"];

/**
 * Each bundled module's `import.meta.url` as its own file's URL, not the bundle's: the spec's model requires
 * ajv's runtime for the validators it keeps, and finds its own bundle, from where it lies.
 */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, ({ path }) => {
      const text = readFileSync(path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      return {
        contents: text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href)),
        loader: /\.[cm]?ts$/.test(path) ? "ts" : "js",
      };
    });
  },
};

/**
 * The gate's CLI module (src/cli/gate.ts) from its bundle, built first when the code changed; undefined when
 * it cannot be built here (no esbuild), and the caller runs the source itself.
 */
export async function loadBundledGate(packageDir) {
  const require = createRequire(join(packageDir, "package.json"));
  const fingerprint = codeFingerprint(packageDir, require);
  const dir = join(packageDir, ".gate-bundle");
  const name = `gate-${fingerprint.slice(0, 24)}`;
  const entry = join(dir, `${name}.mjs`);
  if (!existsSync(entry)) {
    let esbuild;
    try {
      esbuild = require("esbuild");
    } catch {
      return undefined;
    }
    await build(esbuild, packageDir, dir, name);
  }
  process.env.CLOUD_CONTRACT_GATE_CODE = fingerprint;
  return import(pathToFileURL(entry).href);
}

/** Builds into a scratch folder, then moves each file into place, the entry last (processes may run at once). */
async function build(esbuild, packageDir, dir, name) {
  mkdirSync(dir, { recursive: true });
  const scratch = mkdtempSync(join(dir, ".build-"));
  try {
    await esbuild.build({
      entryPoints: { [name]: join(packageDir, "src", "cli", "gate.ts") },
      outdir: scratch,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node22",
      outExtension: { ".js": ".mjs" },
      chunkNames: "chunk-[hash]",
      external: EXTERNAL,
      plugins: [ownImportMetaUrl],
      // Bundled CommonJS modules call require(): give them Node's, as seen from the bundle.
      banner: {
        js: 'import { createRequire as gateRequire } from "node:module"; const require = gateRequire(import.meta.url);',
      },
      logLevel: "silent",
    });
    const files = readdirSync(scratch).sort((a) => (a.startsWith(name) ? 1 : -1));
    for (const file of files) renameSync(join(scratch, file), join(dir, file));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // Earlier builds' files (this build wrote all of its own just now): gone once no gate can still be running them.
  for (const file of readdirSync(dir)) {
    const path = join(dir, file);
    if (!file.startsWith(".") && Date.now() - statSync(path).mtimeMs > STALE_MS)
      rmSync(path, { force: true });
  }
}

/** How old an earlier build's file must be before a new build removes it. */
const STALE_MS = 60 * 60 * 1000;

/** A hash of everything the gate's code is: its source, the spec's compiled model, the lockfile, Node, this file. */
function codeFingerprint(packageDir, require) {
  const hash = createHash("sha256").update(`${process.version}\n`);
  hash.update(readFileSync(new URL(import.meta.url)));
  hashFolder(hash, join(packageDir, "src"));
  hashFolder(hash, join(require.resolve("@cloud-contract/spec/package.json"), "..", "dist", "lib"));
  const lockfile = join(packageDir, "..", "..", "pnpm-lock.yaml");
  if (existsSync(lockfile)) hash.update(readFileSync(lockfile));
  return hash.digest("hex");
}

/** Every file under `folder` but tests (its path and bytes), in a fixed order. */
function hashFolder(hash, folder) {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) hashFolder(hash, path);
    else if (entry.isFile() && !entry.name.includes(".test."))
      hash.update(`${path}\n`).update(readFileSync(path));
  }
}
