#!/usr/bin/env node
// pnpm --filter @cloud-contract/spec vendor-check DIR [--seed FILE]: checks spec/PUBLIC-REFERENCE.md against the vendor's
// published OpenAPI files in DIR (a checkout of its documentation, or the folder of its *.yaml files).
// 1. Every row of its tables with a `file#/pointer` and a check: the pointer must resolve in that file
//    and the check must hold there; each row that no longer holds is printed.
// 2. Every property name, enum value and pattern of the bundled spec must have a counterpart in the vendor's
//    files (or in the interface text given with --seed), or a row with its reason in its "No counterpart"
//    table; each one without either is printed.
// Exit 0 when nothing is printed but the summary, 1 when something no longer holds, 2 when it cannot run.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { checkRow, counterparts, readRows, readUnmatched, specVocabulary } from "./vendor-check-lib.mjs";

const specDir = fileURLToPath(new URL("..", import.meta.url));

function fail(message) {
  process.stderr.write(`vendor-check: ${message}\n`);
  process.exit(2);
}

function vendorFiles(dir) {
  const nested = join(dir, "api-reference", "services_docs_mintlify");
  const folder = existsSync(nested) ? nested : dir;
  if (!existsSync(folder) || !statSync(folder).isDirectory()) fail(`${dir} is not a folder`);
  const names = readdirSync(folder).filter((name) => name.endsWith(".yaml"));
  if (names.length === 0) fail(`${folder} holds no *.yaml files`);
  const files = new Map();
  for (const name of names) {
    try {
      files.set(name, YAML.parse(readFileSync(join(folder, name), "utf8"), { maxAliasCount: -1 }));
    } catch (error) {
      fail(`${join(folder, name)} is not YAML: ${error.message}`);
    }
  }
  return files;
}

const args = process.argv.slice(2);
const seedAt = args.indexOf("--seed");
const seedFile = seedAt === -1 ? undefined : args[seedAt + 1];
const dir = args.find((arg, i) => !arg.startsWith("--") && (seedAt === -1 || i !== seedAt + 1));
if (!dir) fail("usage: vendor-check DIR [--seed FILE]");
if (seedAt !== -1 && (!seedFile || !existsSync(seedFile))) fail(`--seed needs a readable file`);

const files = vendorFiles(dir);
const REFERENCE = "PUBLIC-REFERENCE.md";
const readme = readFileSync(join(specDir, REFERENCE), "utf8");
const rows = readRows(readme);
const broken = [];
for (const row of rows) {
  const problem = checkRow(row, files);
  if (problem)
    broken.push(`${REFERENCE} line ${row.line}: ${row.file}#${row.pointer} ${row.check}: ${problem}`);
}
const bundle = JSON.parse(readFileSync(join(specDir, "dist", "openapi.json"), "utf8"));
const seedText = seedFile ? readFileSync(seedFile, "utf8") : "";
const known = counterparts(files, seedText);
const explained = readUnmatched(readme);
const unmatched = specVocabulary(bundle).filter((item) => !known.has(item) && !explained.has(item));

for (const line of broken) console.log(`no longer holds: ${line}`);
for (const item of unmatched) console.log(`no counterpart and no reason in ${REFERENCE}: ${item}`);
console.log(
  `vendor-check: ${rows.length} ${REFERENCE} rows checked against ${files.size} vendor files, ${broken.length} no longer hold; ` +
    `${specVocabulary(bundle).length} spec names, enum values and patterns, ${explained.size} explained in ${REFERENCE}, ` +
    `${unmatched.length} without a counterpart or a reason`,
);
process.exit(broken.length + unmatched.length === 0 ? 0 : 1);
