import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { currentVersions, readBaseline } from "../baseline.js";
import { compareSpecs } from "../diff/compare.js";
import { responseFieldsNowNullable } from "../diff/nullable.js";
import type { Change } from "../diff/types.js";
import { decide } from "../gate.js";
import { pendingBumps } from "../release-plan.js";

const LIST_LIMIT = 40;

/**
 * The breaking-change gate: compares the current bundle with the released one and fails (returns 1)
 * when the API breaks without a major bump of the types and client. Prints through `log`.
 */
export async function gateMain(
  argv: string[],
  defaultRoot: string,
  log: (line: string) => void,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { root: { type: "string" }, current: { type: "string" }, json: { type: "boolean" } },
  });
  const root = resolve(values.root ?? defaultRoot);
  const current = JSON.parse(
    readFileSync(values.current ?? join(root, "spec", "dist", "openapi.json"), "utf8"),
  );
  const baseline = readBaseline(root);
  const diff = compareSpecs(baseline.spec, current);
  const decision = decide({
    diff,
    bumps: await pendingBumps(root),
    currentVersions: currentVersions(root),
    releasedVersions: baseline.versions,
  });
  if (values.json) {
    const nowNullable = responseFieldsNowNullable(diff.breaking).map((c) => c.where);
    log(JSON.stringify({ ok: decision.ok, reasons: decision.reasons, nowNullable, ...diff }, null, 2));
    return decision.ok ? 0 : 1;
  }
  log(
    `breaking-change gate: ${diff.breaking.length} breaking, ${diff.nonBreaking.length} non-breaking change(s)`,
  );
  printList(log, "breaking", diff.breaking);
  printList(log, "non-breaking", diff.nonBreaking);
  const nullable = responseFieldsNowNullable(diff.breaking);
  if (nullable.length > 0) {
    log(`response fields that may now be null (${nullable.length}; TypeScript consumers must handle null):`);
    for (const c of nullable) log(`  ${c.where}`);
  }
  for (const reason of decision.reasons) log(`  ${reason}`);
  if (!decision.ok) {
    log("FAILED: the API breaks for consumers. Run `pnpm changeset`, choose a major bump for");
    log("@cloud-contract/types and @cloud-contract/client, and describe what consumers must change.");
  } else {
    log("passed");
  }
  return decision.ok ? 0 : 1;
}

function printList(log: (line: string) => void, title: string, changes: Change[]) {
  if (changes.length === 0) return;
  log(`${title}:`);
  for (const c of changes.slice(0, LIST_LIMIT)) log(`  [${c.rule}] ${c.where}: ${c.message}`);
  if (changes.length > LIST_LIMIT) log(`  … and ${changes.length - LIST_LIMIT} more (use --json for all)`);
}
