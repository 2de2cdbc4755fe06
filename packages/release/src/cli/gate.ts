import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { GateInputError } from "../gate-input-error.js";
import type { GateReport } from "../gate-report.js";
import { changelogSection } from "../reports/changelog.js";
import { githubReport } from "../reports/github.js";
import { jsonReport } from "../reports/json.js";
import { junitReport } from "../reports/junit.js";
import { markdownReport } from "../reports/markdown.js";
import { textReport } from "../reports/text.js";
import { runGate } from "../run-gate.js";

const FORMATS: Record<string, (report: GateReport) => string> = {
  text: textReport,
  json: jsonReport,
  junit: junitReport,
  github: githubReport,
  markdown: markdownReport,
};

export const GATE_USAGE = `usage: gate [--format text|json|junit|github|markdown] [--changelog FILE] [--root DIR]
            [--current BUNDLE] [--policy FILE] [--waivers FILE] [--consumers DIR] [--today YYYY-MM-DD]`;

/**
 * The release gate: compares the candidate bundle with the released one, replays the consumers' recordings,
 * applies waivers and the deprecation policy. Returns the exit code: 0 passed, 1 the API breaks for
 * consumers, 2 the gate cannot run (one line on `err`).
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
        root: { type: "string" },
        current: { type: "string" },
        format: { type: "string", default: "text" },
        changelog: { type: "string" },
        policy: { type: "string" },
        waivers: { type: "string" },
        consumers: { type: "string" },
        today: { type: "string" },
      },
    });
    const write = FORMATS[values.format];
    if (!write)
      throw new GateInputError(
        `--format must be one of ${Object.keys(FORMATS).join(", ")}, not ${values.format}`,
      );
    const today = values.today ?? new Date().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today)))
      throw new GateInputError(`--today must be YYYY-MM-DD, not ${today}`);
    const root = resolve(values.root ?? defaultRoot);
    const report = await runGate({
      root,
      today,
      ...(values.current ? { current: resolve(values.current) } : {}),
      ...(values.policy ? { policyFile: resolve(values.policy) } : {}),
      ...(values.waivers ? { waiversFile: resolve(values.waivers) } : {}),
      ...(values.consumers ? { consumersDir: resolve(values.consumers) } : {}),
    });
    if (values.changelog) writeChangelog(values.changelog, report);
    out(write(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    const known =
      error instanceof GateInputError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    if (!known) throw error;
    err(`gate: ${(error as Error).message}`);
    if (!(error instanceof GateInputError)) err(GATE_USAGE);
    return 2;
  }
}

function writeChangelog(file: string, report: GateReport) {
  try {
    writeFileSync(file, `${changelogSection(report.findings)}\n`);
  } catch (error) {
    throw new GateInputError(
      `cannot write --changelog ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}
