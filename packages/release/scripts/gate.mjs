#!/usr/bin/env node
// Breaking-change gate (CI): node packages/release/scripts/gate.mjs [--root DIR] [--current FILE] [--json]
// Compares spec/dist/openapi.json with spec/released/openapi.json; exit 1 when the API breaks and no
// changeset bumps @cloud-contract/types and /client by a major (a minor before 1.0).
import { fileURLToPath } from "node:url";
import { gateMain } from "../dist/cli/gate.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
process.exitCode = await gateMain(process.argv.slice(2), root, (line) => console.log(line));
