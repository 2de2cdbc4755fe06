#!/usr/bin/env node
// The release gate (CI): node packages/release/scripts/gate.mjs [--format text|json|junit|github|markdown] …
// Exit 0 passed, 1 the API breaks for consumers, 2 the gate cannot run.
import { fileURLToPath } from "node:url";
import { gateMain } from "../dist/cli/gate.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
process.exitCode = await gateMain(
  process.argv.slice(2),
  root,
  (text) => console.log(text),
  (line) => console.error(line),
);
