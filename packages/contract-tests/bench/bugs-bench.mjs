// The catalogue of seeded bugs (src/bugs/catalogue.ts) through the three engines: each bug switched on alone
// in a fresh in-process sandbox, then the suite (the bin, --target url, the files that call the bug's
// operation), generate (the bug's operation) and stateful (the sweep and --sequences random sequences) run
// against it. First the same engines against the sandbox without a bug: each must pass there, or a catch
// means nothing. Prints caught/total per engine and class, and every bug no engine caught.
// Run: pnpm --filter @cloud-contract/contract-tests bench:bugs [--only ID,…] [--engine suite,generate,stateful]
//      [--sequences N] [--cases N] [--jobs N] [--max-seconds S]   (defaults: every bug, every engine, 10, 10, 2, 600)
// Bugs run --jobs at a time (the suite's runs mostly wait on their own process); a bug not started within
// --max-seconds is reported as not run.
import { parseArgs } from "node:util";
import { buggyTarget } from "../dist/bugs/buggy-target.js";
import { CATALOGUE, seededBug } from "../dist/bugs/catalogue.js";
import { ENGINE_RUNS, ENGINES } from "../dist/bugs/engines.js";
import { BUG_CLASSES } from "../dist/bugs/seeded-bug.js";
import { createJudge } from "../dist/judge.js";

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      engine: { type: "string" },
      sequences: { type: "string", default: "10" },
      cases: { type: "string", default: "10" },
      jobs: { type: "string", default: "2" },
      "max-seconds": { type: "string", default: "600" },
    },
  });
  const list = (text) =>
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const engines = values.engine ? list(values.engine) : [...ENGINES];
  for (const engine of engines) {
    if (!ENGINES.includes(engine)) throw new Error(`--engine ${engine}: one of ${ENGINES.join(", ")}`);
  }
  const count = (name) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} ${values[name]}: a whole number`);
    return n;
  };
  return {
    bugs: values.only ? list(values.only).map(seededBug) : [...CATALOGUE],
    engines,
    sequences: count("sequences"),
    cases: count("cases"),
    jobs: Math.max(1, count("jobs")),
    maxSeconds: count("max-seconds"),
  };
}

let settings;
try {
  settings = options();
} catch (error) {
  console.error(`bench:bugs: ${error.message}`);
  process.exit(2);
}
const judge = createJudge();
const engineOptions = {
  judge,
  sequences: settings.sequences,
  cases: settings.cases,
  seed: 1,
  suiteTimeoutMs: 90_000,
};
const started = Date.now();
const seconds = () => (Date.now() - started) / 1000;

async function verdict(engine, bug) {
  const target = buggyTarget(bug);
  try {
    return await ENGINE_RUNS[engine](target, bug ?? { id: "none", operationId: "getTask" }, engineOptions);
  } catch (error) {
    return { caught: false, error: true, detail: String(error?.message ?? error) };
  } finally {
    await target.close();
  }
}

for (const engine of settings.engines) {
  const clean = await verdict(engine, undefined);
  console.log(
    `without a bug, ${engine}: ${clean.caught || clean.error ? `FAILS — ${clean.detail}` : "passes"}`,
  );
  if (clean.caught || clean.error) process.exitCode = 1;
}

const results = [];
let stopped = 0;
const queue = [...settings.bugs];
async function worker() {
  for (let bug = queue.shift(); bug !== undefined; bug = queue.shift()) {
    if (seconds() > settings.maxSeconds) {
      stopped++;
      continue;
    }
    const row = { bug, verdicts: {} };
    for (const engine of settings.engines) row.verdicts[engine] = await verdict(engine, bug);
    results.push(row);
    const marks = settings.engines.map(
      (e) => `${e} ${row.verdicts[e].error ? "error" : row.verdicts[e].caught ? "caught" : "missed"}`,
    );
    console.log(`${bug.id}: ${marks.join(", ")}`);
  }
}
await Promise.all(Array.from({ length: settings.jobs }, worker));
results.sort((a, b) => settings.bugs.indexOf(a.bug) - settings.bugs.indexOf(b.bug));

const classes = BUG_CLASSES.filter((c) => results.some((r) => r.bug.class === c));
const cell = (rows, caught) => `${rows.filter(caught).length}/${rows.length}`;
const lines = [["engine", ...classes, "all"]];
for (const engine of [...settings.engines, "any"]) {
  const caught = (r) =>
    engine === "any" ? settings.engines.some((e) => r.verdicts[e].caught) : r.verdicts[engine].caught;
  lines.push([
    engine,
    ...classes.map((c) =>
      cell(
        results.filter((r) => r.bug.class === c),
        caught,
      ),
    ),
    cell(results, caught),
  ]);
}
const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
console.log("");
for (const line of lines) console.log(line.map((text, i) => text.padEnd(widths[i])).join("  "));
const missed = results.filter((r) => !settings.engines.some((e) => r.verdicts[e].caught));
console.log(
  `\n${missed.length === 0 ? "every seeded bug was caught by at least one engine" : `caught by no engine (${missed.length}):`}`,
);
for (const r of missed) {
  const why = settings.engines.map((e) => `${e}: ${r.verdicts[e].detail}`).join("; ");
  console.log(`  ${r.bug.id} — ${r.bug.description} (${why})`);
}
const errors = results.flatMap((r) =>
  settings.engines.filter((e) => r.verdicts[e].error).map((e) => `${r.bug.id} ${e}: ${r.verdicts[e].detail}`),
);
for (const line of errors) console.log(`  could not run: ${line}`);
if (stopped > 0) console.log(`stopped after --max-seconds ${settings.maxSeconds}: ${stopped} bug(s) not run`);
console.log(
  `${results.length} bugs, ${settings.engines.join(", ")}, in ${seconds().toFixed(0)} s (node ${process.version})`,
);
if (missed.length > 0 || errors.length > 0 || stopped > 0) process.exitCode = 1;
