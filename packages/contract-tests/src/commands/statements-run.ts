// The work of `contract-tests statements` (see statements.ts): the report, as text or JSON.
import { UNCHECKED_BECAUSE } from "../stateful/sentence-statement.js";
import { type StatementsReport, statementsReport } from "../stateful/statements.js";

export interface StatementsSettings {
  unchecked: boolean;
  json: boolean;
}

function lines(report: StatementsReport, unchecked: boolean): string[] {
  const total = report.checked.length + report.unchecked.length + report.unknown.length;
  const out = [
    `${total} behavioural sentences: ${report.checked.length} checked by statements, ${report.unchecked.length} unchecked with a reason, ${report.unknown.length} unknown`,
  ];
  if (unchecked) {
    for (const s of report.unchecked)
      out.push(`unchecked ${s.at}: ${s.text}\n  why: ${UNCHECKED_BECAUSE[s.verdict]}`);
  }
  for (const s of report.unknown)
    out.push(`unknown ${s.at}: ${s.text}\n  give it a statement or a reason in src/stateful/statements.ts`);
  for (const s of report.gone)
    out.push(`gone ${s.at}: ${s.text}\n  the contract no longer says it: remove its row`);
  return out;
}

/** Prints the report; resolves to 1 when a sentence is unknown or a row's sentence is gone. */
export async function printStatements(
  settings: StatementsSettings,
  out: NodeJS.WritableStream,
): Promise<number> {
  const report = statementsReport();
  if (settings.json) {
    const shown = settings.unchecked
      ? {
          unchecked: report.unchecked.map((s) => ({ ...s, why: UNCHECKED_BECAUSE[s.verdict] })),
          unknown: report.unknown,
          gone: report.gone,
        }
      : report;
    out.write(`${JSON.stringify(shown, null, 2)}\n`);
  } else for (const line of lines(report, settings.unchecked)) out.write(`${line}\n`);
  return report.unknown.length > 0 || report.gone.length > 0 ? 1 : 0;
}
