// Generates src/operations/behaviour-registry.ts and bug-registry.ts from the operation folders: every
// src/operations/<operationId>/ with a behaviours.ts (and a bugs.ts) is one entry. Their types ask for every
// operation of the spec, so a missing folder or a folder the spec does not know fails the type check.
// Run: pnpm generate (or pnpm --filter @cloud-contract/contract-tests generate).
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const operationsDir = fileURLToPath(new URL("../src/operations/", import.meta.url));
export const behaviourRegistryFile = join(operationsDir, "behaviour-registry.ts");
export const bugRegistryFile = join(operationsDir, "bug-registry.ts");

const BANNER = `/**
 * Generated from the folders of src/operations/ by scripts/generate-operation-registries.mjs — do not edit.
 * Add or remove an operation's folder and run \`pnpm generate\`; a test fails when this file is stale.
 */
`;

/** The operations under `dir` whose folder holds `file`, in name order. */
export function operationsWith(file, dir = operationsDir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, file)))
    .map((entry) => entry.name)
    .sort();
}

/** The registry's imports and tables: `tables` maps an exported name to the type and the member it collects. */
function renderRegistry({ comment, typeImports, module, tables, operations }) {
  return [
    BANNER,
    comment,
    'import type { OperationId } from "@cloud-contract/types";',
    ...typeImports,
    ...operations.map((id) => `import * as ${id} from "./${id}/${module}.js";`),
    ...tables.flatMap(({ exported, type, member }) => [
      "",
      `export const ${exported}: Record<OperationId, readonly ${type}[]> = {`,
      ...operations.map((id) => `  ${id}: ${id}.${member},`),
      "};",
    ]),
    "",
  ].join("\n");
}

/** The contents src/operations/behaviour-registry.ts should have (published with the package). */
export function renderBehaviourRegistry(operations = operationsWith("behaviours.ts")) {
  return renderRegistry({
    comment:
      "// Every operation's statements and behavioural sentences (src/operations/<operationId>/behaviours.ts).",
    typeImports: [
      'import type { Behaviour } from "../stateful/behaviour.js";',
      'import type { SentenceStatement } from "../stateful/sentence-statement.js";',
    ],
    module: "behaviours",
    tables: [
      { exported: "BEHAVIOURS_BY_OPERATION", type: "Behaviour", member: "behaviours" },
      { exported: "SENTENCES_BY_OPERATION", type: "SentenceStatement", member: "sentences" },
    ],
    operations,
  });
}

/** The contents src/operations/bug-registry.ts should have (not published, like the bugs themselves). */
export function renderBugRegistry(operations = operationsWith("bugs.ts")) {
  return renderRegistry({
    comment:
      "// Every operation's seeded bugs (src/operations/<operationId>/bugs.ts), by operationId; not published.",
    typeImports: ['import type { SeededBug } from "../bugs/seeded-bug.js";'],
    module: "bugs",
    tables: [{ exported: "BUGS_BY_OPERATION", type: "SeededBug", member: "bugs" }],
    operations,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, text] of [
    [behaviourRegistryFile, renderBehaviourRegistry()],
    [bugRegistryFile, renderBugRegistry()],
  ]) {
    writeFileSync(file, text);
    console.log(`wrote ${file} (${text.length} characters)`);
  }
}
