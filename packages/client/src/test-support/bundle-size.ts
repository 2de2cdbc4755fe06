// The size of the client as an application bundles it: esbuild with code splitting, minified, for a neutral
// platform (no Node built-in resolves: a Node-only import fails the build).
// - core: the entry chunk and the chunks it imports statically — what every client loads. The spec's model
//   and validator are reached only through `import()` (validateResponses on): left to the package, as
//   an application that never validates never loads them.
// - all: every chunk, the spec's model, its bundled document, ajv and its formats included (Node built-ins
//   left external, so that the test can name one that sneaks in).
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";

export interface BundleSize {
  coreGzipped: number;
  allGzipped: number;
  /** The source files (and external imports) of the core chunks. */
  coreInputs: string[];
  /** The source files of every chunk. */
  allInputs: string[];
}

export async function measureBundle(entry: string): Promise<BundleSize> {
  const core = await bundle(entry, ["@cloud-contract/spec/*"]);
  const all = await bundle(entry, ["node:*"]);
  return {
    coreGzipped: core.gzipped(core.staticallyLoaded),
    allGzipped: all.gzipped(all.chunks),
    coreInputs: core.inputsOf(core.staticallyLoaded),
    allInputs: all.inputsOf(all.chunks),
  };
}

async function bundle(entry: string, external: string[]) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    splitting: true,
    outdir: `${dirname(entry)}/.bundle-size`,
    external,
    // ajv and ajv-formats (the validator) are CommonJS packages with only a "main".
    mainFields: ["module", "main"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs: Metafile["outputs"] = result.metafile.outputs;
  const contents = (out: string) =>
    result.outputFiles.find((file) => file.path.endsWith(out.replace(/^.*\.bundle-size/, "")))?.contents ??
    new Uint8Array();
  const chunks = Object.keys(outputs).filter((out) => out.endsWith(".js"));
  const staticallyLoaded: string[] = [];
  const visit = (out: string) => {
    if (staticallyLoaded.includes(out)) return;
    staticallyLoaded.push(out);
    for (const imported of outputs[out]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
    }
  };
  visit(chunks.find((out) => outputs[out]?.entryPoint) ?? "");
  return {
    chunks,
    staticallyLoaded,
    gzipped: (outs: string[]) => gzipSync(Buffer.concat(outs.map(contents)), { level: 9 }).length,
    inputsOf: (outs: string[]) =>
      outs.flatMap((out) => [
        ...Object.keys(outputs[out]?.inputs ?? {}),
        ...(outputs[out]?.imports ?? [])
          .filter((i) => i.external && i.kind === "import-statement")
          .map((i) => i.path),
      ]),
  };
}
