// `--reporter github`: GitHub workflow commands (`::error file=…,title=…::message`), one per failed
// test and failed coverage gate, so the failures show on the run's page and in the pull request; `file=` only
// for a file of the repository (a suite file of the installed package has none to point at).
import { isRepositoryPath } from "../cli-hint.js";
import { describeGate, type GateResult } from "../coverage-report/gates.js";
import type { TestRecord } from "../summary.js";
import { failureMessage } from "./junit.js";

/** Escapes of the message part (GitHub's toolkit: %, CR, LF). */
const escapeData = (text: string) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
/** Escapes of a property value (also `:` and `,`). */
const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

function annotation(properties: Record<string, string>, message: string): string {
  const props = Object.entries(properties)
    .map(([name, value]) => `${name}=${escapeProperty(value)}`)
    .join(",");
  return `::error ${props}::${escapeData(message)}`;
}

export function githubAnnotations(
  tests: readonly TestRecord[],
  gates: readonly GateResult[],
): string[] {
  const lines = tests
    .filter((test) => test.state === "failed")
    .map((test) => annotation({ ...(isRepositoryPath(test.file) ? { file: test.file } : {}), title: test.name }, failureMessage(test)));
  for (const gate of gates) {
    if (!gate.passed) lines.push(annotation({ title: `coverage gate ${gate.gate}` }, describeGate(gate)));
  }
  return lines;
}
