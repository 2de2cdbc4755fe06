#!/usr/bin/env node
// The release gate: node packages/release/scripts/gate.mjs [--build] [--format …] (--help lists the options).
// It runs the gate's TypeScript source, bundled as it is by esbuild (gate-bundle.mjs; without esbuild, through
// Node's type stripping), and reads only the spec bundle and the spec's document model: no package is built
// before it, so it judges the very edits that break the builds.
// Exit 0 passed, 1 the API breaks for consumers, 2 the gate cannot run.
import * as nodeModule from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadBundledGate } from "./gate-bundle.mjs";

const { registerHooks } = nodeModule;
if (!process.features.typescript || typeof registerHooks !== "function") {
  console.error(
    `gate: needs Node 22.18 or later to run its TypeScript source (this is ${process.version}): run pnpm gate`,
  );
  process.exit(2);
}
const root = fileURLToPath(new URL("../../..", import.meta.url));
// Validators compiled by an earlier run are kept by the content they were compiled from (spec/src/compiled-validators.ts),
// and Node keeps the modules it compiled: a later process loads both instead of compiling them again.
process.env.CLOUD_CONTRACT_VALIDATOR_CACHE ??= join(root, "node_modules", ".cache", "validators");
nodeModule.enableCompileCache?.(
  process.env.NODE_COMPILE_CACHE ?? join(root, "node_modules", ".cache", "node-compile-cache"),
);
const bundled = await loadBundledGate(fileURLToPath(new URL("..", import.meta.url)));
if (!bundled) (await import("./typescript-source.mjs")).resolveTypeScriptSiblings();
const { gateMain } = bundled ?? (await import("../src/cli/gate.ts"));
process.exitCode = await gateMain(
  process.argv.slice(2),
  root,
  (text) => process.stdout.write(`${text}\n`),
  (line) => console.error(line),
);
