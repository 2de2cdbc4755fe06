#!/usr/bin/env node
// The edit-space table (edit-space/table.ts) and the developers' own edits of the bundle through two
// comparers: the gate's (with its constructed witnesses) and `redocly diff` (the diff-recommended rules; a
// change of impact "major" counts as flagged). Prints recall (breaking edits flagged), false alarms (harmless
// edits flagged) and time per comparison per tool, and the time of one whole-bundle comparison (released →
// candidate) with witnesses, the first in the process and the next ones.
// Usage: pnpm --filter @cloud-contract/release bench:edit-space   (builds the package first;
// EDIT_SPACE_BENCH_EVERY=n takes every n-th twin and own edit only, for a quick run)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compareSpecs } from "../dist/diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../dist/diff/deprecation.js";
import { resolveTypeScriptSiblings } from "../scripts/typescript-source.mjs";

// The edit tables live beside their tests, outside the compiled package: loaded from their TypeScript source.
resolveTypeScriptSiblings();
const { OWN_EDITS } = await import("../edit-space/own-edits.ts");
const { allTwins } = await import("../edit-space/twins.ts");
const { gateVerdict } = await import("../edit-space/verdict.ts");

const root = fileURLToPath(new URL("../../..", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "edit-space-bench-"));
const BATCH = 200;
const EVERY = Number(process.env.EDIT_SPACE_BENCH_EVERY ?? 1);
if (!Number.isInteger(EVERY) || EVERY < 1) {
  process.stderr.write("bench:edit-space: EDIT_SPACE_BENCH_EVERY must be a whole number of at least 1\n");
  process.exit(2);
}
const sampled = (items) => items.filter((_, i) => i % EVERY === 0);

/** `redocly diff` with the diff-recommended rules; the changes of impact major. */
function redoclyMajors(before, after) {
  const [a, b, out, config] = ["base.json", "revision.json", "diff.json", "redocly.yaml"].map((f) =>
    join(folder, f),
  );
  writeFileSync(a, JSON.stringify(before));
  writeFileSync(b, JSON.stringify(after));
  writeFileSync(config, "extends:\n  - diff-recommended\n");
  const run = spawnSync(
    process.execPath,
    [
      join(root, "scripts", "redocly.mjs"),
      "diff",
      a,
      b,
      "--config",
      config,
      "--format",
      "json",
      "-o",
      out,
      "--fail-on",
      "none",
    ],
    { cwd: join(root, "spec"), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`redocly diff failed: ${run.stderr.slice(0, 400)}`);
  return JSON.parse(readFileSync(out, "utf8")).changes.filter((c) => c.impact === "major");
}

/** Twin `i`'s spec with its paths, components and operationIds renamed apart, so that many fit in one spec. */
function apart(doc, i) {
  let text = JSON.stringify(doc);
  for (const section of ["schemas", "securitySchemes"])
    for (const name of Object.keys(doc.components?.[section] ?? {}))
      text = text.replaceAll(`"#/components/${section}/${name}"`, `"#/components/${section}/T${i}${name}"`);
  const copy = JSON.parse(text);
  const rename = (record) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [`T${i}${k}`, v]));
  copy.components.schemas = rename(copy.components.schemas);
  copy.components.securitySchemes = rename(copy.components.securitySchemes);
  copy.paths = Object.fromEntries(Object.entries(copy.paths).map(([p, item]) => [`/t${i}${p}`, item]));
  for (const item of Object.values(copy.paths))
    for (const op of Object.values(item)) {
      if (!op || typeof op !== "object" || !op.responses) continue;
      op.operationId = `t${i}${op.operationId}`;
      op.security = (op.security ?? copy.security ?? []).map((r) => rename(r));
    }
  return copy;
}

function merged(docs) {
  const [first] = docs;
  return {
    ...first,
    security: [],
    paths: Object.assign({}, ...docs.map((d) => d.paths)),
    components: {
      schemas: Object.assign({}, ...docs.map((d) => d.components.schemas)),
      securitySchemes: Object.assign({}, ...docs.map((d) => d.components.securitySchemes)),
    },
  };
}

/** Rows whose edits lie outside paths, schemas and security schemes: a merged spec would not carry them. */
const DOCUMENT_LEVEL = new Set([
  "servers",
  "server variables",
  "server variable enum",
  "webhooks",
  "openapi (version)",
  "jsonSchemaDialect",
  "jsonSchemaDialect: draft-07 (schemas read in it)",
  "$dynamicRef (several anchors)",
  "path item $ref",
]);

/** Which twins redocly flags: the batchable ones many at a time, attributed by their renamed paths. */
function redoclyFlags(twins) {
  const flagged = new Set();
  const alone = twins.filter((t) => DOCUMENT_LEVEL.has(t.keyword));
  const batched = twins.filter((t) => !DOCUMENT_LEVEL.has(t.keyword));
  for (let start = 0; start < batched.length; start += BATCH) {
    const batch = batched.slice(start, start + BATCH);
    const majors = redoclyMajors(
      merged(batch.map((t, j) => apart(t.before, start + j))),
      merged(batch.map((t, j) => apart(t.after, start + j))),
    );
    for (const change of majors) {
      const text = JSON.stringify([
        change.path,
        change.base?.pointer,
        change.revision?.pointer,
        change.verdicts,
      ]);
      for (const m of text.matchAll(/~1t(\d+)~1|\/T(\d+)[A-Z]/g)) flagged.add(batched[Number(m[1] ?? m[2])]);
    }
  }
  for (const twin of alone) if (redoclyMajors(twin.before, twin.after).length > 0) flagged.add(twin);
  return flagged;
}

function score(items, isFlagged) {
  const breaking = items.filter((i) => i.expected === "breaking");
  const harmless = items.filter((i) => i.expected === "harmless");
  const caught = breaking.filter(isFlagged).length;
  const alarms = harmless.filter(isFlagged).length;
  const pct = (n, d) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
  return `recall ${caught}/${breaking.length} (${pct(caught, breaking.length)}), false alarms ${alarms}/${harmless.length} (${pct(alarms, harmless.length)})`;
}

try {
  const twins = sampled(allTwins());
  let started = performance.now();
  const ours = new Set(twins.filter((t) => gateVerdict(t.before, t.after).verdict === "breaking"));
  const oursSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const theirs = redoclyFlags(twins);
  const theirsSeconds = (performance.now() - started) / 1000;
  console.log(`edit-space table, ${twins.length} twins:`);
  const each = (seconds) => `${((1000 * seconds) / twins.length).toFixed(1)} ms per twin`;
  console.log(
    `  gate:         ${score(twins, (t) => ours.has(t))} in ${oursSeconds.toFixed(1)} s, ${each(oursSeconds)}`,
  );
  console.log(
    `  redocly diff: ${score(twins, (t) => theirs.has(t))} in ${theirsSeconds.toFixed(1)} s, ${each(theirsSeconds)} (batched ${BATCH} to a process)`,
  );
  const missed = (set, expected) => [
    ...new Set(
      twins
        .filter((t) => t.expected === expected && set.has(t) !== (expected === "breaking"))
        .map((t) => t.keyword),
    ),
  ];
  console.log(`  redocly misses: ${missed(theirs, "breaking").join(", ") || "none"}`);
  // Per row, each tool: breaking twins caught / all, harmless twins flagged / all.
  const rows = [...new Set(twins.map((t) => t.keyword))];
  const tally = (set, keyword) => {
    const own = twins.filter((t) => t.keyword === keyword);
    const b = own.filter((t) => t.expected === "breaking");
    const h = own.filter((t) => t.expected === "harmless");
    return `${b.filter((t) => set.has(t)).length}/${b.length} ${h.filter((t) => set.has(t)).length}/${h.length}`;
  };
  console.log("  per row (breaking caught, harmless flagged), gate | redocly diff:");
  for (const keyword of rows)
    console.log(`    ${keyword}: ${tally(ours, keyword)} | ${tally(theirs, keyword)}`);
  console.log(`  redocly false alarms: ${missed(theirs, "harmless").join(", ") || "none"}`);

  const bundle = JSON.parse(readFileSync(join(root, "spec", "dist", "openapi.json"), "utf8"));
  const edits = sampled(OWN_EDITS).map((edit) => {
    const after = structuredClone(bundle);
    edit.apply(after);
    return { ...edit, after };
  });
  const ownOurs = new Set(edits.filter((e) => gateVerdict(bundle, e.after).verdict === "breaking"));
  const ownTheirs = new Set(edits.filter((e) => redoclyMajors(bundle, e.after).length > 0));
  const debatable = edits.filter((e) => e.expected === "debatable");
  console.log(`own edits of the bundle, ${edits.length} (${debatable.length} debatable, not scored):`);
  console.log(`  gate:         ${score(edits, (e) => ownOurs.has(e))}`);
  console.log(`  redocly diff: ${score(edits, (e) => ownTheirs.has(e))}`);
  const wrong = (set) =>
    edits
      .filter((e) => e.expected !== "debatable" && set.has(e) !== (e.expected === "breaking"))
      .map((e) => e.name);
  console.log(`  redocly wrong on: ${wrong(ownTheirs).join("; ") || "none"}`);
  console.log(
    `  debatable, gate / redocly: ${debatable.map((e) => `${e.name}: ${ownOurs.has(e) ? "flags" : "passes"} / ${ownTheirs.has(e) ? "flags" : "passes"}`).join("; ")}`,
  );

  const released = JSON.parse(readFileSync(join(root, "spec", "released", "openapi.json"), "utf8"));
  const options = { policy: { ...DEFAULT_DEPRECATION_POLICY, today: new Date().toISOString().slice(0, 10) } };
  const time = (witnesses) => {
    const started = performance.now();
    const findings = compareSpecs(structuredClone(released), structuredClone(bundle), {
      ...options,
      witnesses,
    });
    return { ms: performance.now() - started, findings };
  };
  const plain = Array.from({ length: 11 }, () => time(false).ms).slice(1);
  const first = time(true);
  const next = Array.from({ length: 10 }, () => time(true).ms);
  const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
  const errors = first.findings.filter((f) => f.level === "error");
  console.log(
    `whole bundle, released → candidate: ${first.findings.length} findings, ${errors.length} errors, each with a witness: ${errors.every((f) => f.witness)}`,
  );
  console.log(
    `  with witnesses: first ${first.ms.toFixed(0)} ms (compiles the validators), then median ${median(next).toFixed(0)} ms; without: median ${median(plain).toFixed(1)} ms`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
