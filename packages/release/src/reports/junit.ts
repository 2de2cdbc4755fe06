import type { GateReport } from "../gate-report.js";
import { touchOf, whereOf } from "./finding-line.js";

const xml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

interface Case {
  classname: string;
  name: string;
  failure?: string;
  note?: string;
}

/** JUnit XML: a case per finding, refused exchange and waiver problem; what fails the gate is a failure. */
export function junitReport(report: GateReport): string {
  const cases: Case[] = [];
  for (const f of report.findings) {
    const text = `${f.message} (${whereOf(f)}); ${touchOf(f)}; fingerprint: ${f.fingerprint}`;
    const fails = f.level === "error" && !f.waiver;
    cases.push({ classname: `findings.${f.level}`, name: `[${f.rule}] ${f.operation}`, ...(fails ? { failure: text } : { note: text }) });
  }
  for (const r of report.refusals) {
    const text = r.reasons.join("\n");
    const fails = r.blocking && !r.pending;
    cases.push({ classname: `consumers.${r.team}`, name: `${r.operation} ${r.exchange}${r.pending ? " (pending)" : ""}`, ...(fails ? { failure: text } : { note: text }) });
  }
  for (const problem of report.waiverProblems) cases.push({ classname: "waivers", name: problem, failure: problem });
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const body = cases.map((c) => {
    const head = `    <testcase classname="${xml(c.classname)}" name="${xml(c.name)}"`;
    if (c.failure !== undefined) return `${head}>\n      <failure message="${xml(c.failure.split("\n")[0] ?? "")}">${xml(c.failure)}</failure>\n    </testcase>`;
    return `${head}>\n      <system-out>${xml(c.note ?? "")}</system-out>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="release-gate" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="release-gate" tests="${cases.length}" failures="${failures}">`,
    ...body,
    "  </testsuite>",
    "</testsuites>",
  ].join("\n");
}
