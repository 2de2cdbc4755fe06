import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { isCalendarDate } from "../calendar-date.js";
import { GateInputError } from "../gate-input-error.js";
import type { GateReport } from "../gate-report.js";
import { changelogSection } from "../reports/changelog.js";
import { changedByBranch } from "../reports/finding-line.js";
import { githubReport } from "../reports/github.js";
import { jsonReport } from "../reports/json.js";
import { junitReport } from "../reports/junit.js";
import { markdownReport } from "../reports/markdown.js";
import { textReport } from "../reports/text.js";
import { buildInputs } from "./build-inputs.js";

const FORMATS: Record<string, (report: GateReport, options: { verbose: boolean }) => string> = {
  text: textReport,
  json: jsonReport,
  junit: junitReport,
  github: githubReport,
  markdown: markdownReport,
};

export const GATE_USAGE = `usage: pnpm gate [options]
       pnpm exec node packages/release/scripts/gate.mjs [options]   (the same, once spec:build has run)

Compares the candidate bundle with the released spec (spec/released/) and with the spec at the branch's base,
replays the consumers' recordings on both sides of the wire, applies waivers and the deprecation policy.
Exit 0 passed, 1 the API breaks for consumers, 2 the gate cannot run (one line saying why).

  --build              bundle the spec and build its document model first (nx run spec:build, its output
                       kept off stdout; skipped when nothing it reads or wrote changed); pnpm gate passes it
  --base REF           judge this branch against its merge-base with REF (default: main); without git or
                       such a ref, against the released spec only, with a notice
  --format FORMAT      text (default), json, junit, github or markdown
  --out FILE           write the report to FILE instead of stdout
  --verbose            text: list the info findings too
  --changelog FILE     write the changelog section of the findings to FILE
  --current BUNDLE     the candidate bundle (default: spec/dist/openapi.json)
  --policy FILE        the policy (default: release-gate.yaml)
  --waivers FILE       the waivers (default: release-gate-waivers.yaml)
  --consumers DIR      the recorded consumers (default: consumers/)
  --root DIR           the workspace (default: this repository)
  --today YYYY-MM-DD   the day sunsets and waivers are judged against (default: today)
  -h, --help           this text`;

/**
 * The release gate's command: compares the candidate bundle with the released one and the branch's base,
 * replays the consumers' recordings, applies waivers and the deprecation policy. Returns the exit code: 0
 * passed, 1 the API breaks for consumers, 2 the gate cannot run (one line on `err`).
 */
export async function gateMain(
  argv: string[],
  defaultRoot: string,
  out: (text: string) => void,
  err: (line: string) => void = out,
): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        build: { type: "boolean", default: false },
        base: { type: "string" },
        root: { type: "string" },
        current: { type: "string" },
        format: { type: "string", default: "text" },
        out: { type: "string" },
        verbose: { type: "boolean", default: false },
        changelog: { type: "string" },
        policy: { type: "string" },
        waivers: { type: "string" },
        consumers: { type: "string" },
        today: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      out(GATE_USAGE);
      return 0;
    }
    const write = FORMATS[values.format];
    if (!write)
      throw new GateInputError(
        `--format must be one of ${Object.keys(FORMATS).join(", ")}, not ${values.format}`,
      );
    const today = values.today ?? new Date().toISOString().slice(0, 10);
    if (!isCalendarDate(today)) throw new GateInputError(`--today must be a day as YYYY-MM-DD, not ${today}`);
    if (values.base !== undefined && !/^[^\s-][^\s]*$/.test(values.base))
      throw new GateInputError(`--base wants a git ref, not "${values.base}"`);
    const root = resolve(values.root ?? defaultRoot);
    const built = values.build ? buildInputs(root) : undefined;
    const { runGate } = await import("../run-gate.js");
    const report = await runGate({
      root,
      today,
      ...(built ? { specHash: built.specHash } : {}),
      ...(values.base ? { base: values.base } : {}),
      ...(values.current ? { current: resolve(values.current) } : {}),
      ...(values.policy ? { policyFile: resolve(values.policy) } : {}),
      ...(values.waivers ? { waiversFile: resolve(values.waivers) } : {}),
      ...(values.consumers ? { consumersDir: resolve(values.consumers) } : {}),
    });
    if (values.changelog)
      writeFile("--changelog", values.changelog, `${changelogSection(changedByBranch(report))}\n`);
    const text = write(report, { verbose: values.verbose });
    if (values.out) writeFile("--out", values.out, `${text}\n`);
    else out(text);
    return report.ok ? 0 : 1;
  } catch (error) {
    const message = (error as Error).message?.split("\n")[0] ?? String(error);
    if (error instanceof GateInputError) err(`gate: ${message}`);
    else if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
      err(`gate: ${message} (see --help)`);
    // Anything else is the gate's own failure on an input it did not foresee: still no verdict, and no stack.
    else err(`gate: cannot judge the spec: ${message}`);
    return 2;
  }
}

function writeFile(option: string, file: string, text: string) {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new GateInputError(
      `cannot write ${option} ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}
