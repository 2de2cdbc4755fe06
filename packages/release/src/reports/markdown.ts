import type { GateFinding, GateReport } from "../gate-report.js";
import { changelogSection } from "./changelog.js";
import {
  baseLine,
  changesetLine,
  verdictLine,
  byLevel,
  byOrigin,
  changedByBranch,
  refusalGroups,
  touchOf,
  whereOf,
  witnessOf,
} from "./finding-line.js";

/** A pull-request comment holds 65,536 characters; the report stays below this, with room to spare. */
export const MARKDOWN_LIMIT = 60_000;
/** Kept free for the lines that close what is open (a table's "more" line, `</details>`). */
const RESERVE = 600;

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");
const HEAD = ["| level | rule | operation | change | where | consumers | witness |", "| --- | --- | --- | --- | --- | --- | --- |"];

/** Lines that fit in a budget: what does not fit is left out and counted. */
class Budget {
  readonly lines: string[] = [];
  private left: number;
  constructor(limit: number) {
    this.left = limit - RESERVE;
  }
  /** Adds the line when it fits; says whether it did. */
  add(line: string): boolean {
    if (line.length + 1 > this.left) return false;
    this.lines.push(line);
    this.left -= line.length + 1;
    return true;
  }
  /** Adds a closing line from the reserve. */
  close(line: string) {
    this.lines.push(line);
    this.left -= line.length + 1;
  }
  /** Adds each line while they fit, then one line saying how many were left out. */
  addAll(lines: string[], what: string) {
    const shown = lines.findIndex((line) => !this.add(line));
    if (shown >= 0) this.close(`- … ${lines.length - shown} more ${what} not shown: \`pnpm gate --format json\` lists them all`);
  }
}

const SHORT_HEAD = ["| level | rule | operation | change | where |", "| --- | --- | --- | --- | --- |"];

/** Table rows; `full` adds the consumers and the witness (this branch's rows), else the row stays short. */
function rows(findings: GateFinding[], full: boolean): string[] {
  return byLevel(findings).map((f) => {
    const level = f.waiver ? `${f.level} (waived until ${f.waiver.expires})` : f.level;
    const row = `| ${level} | \`${f.rule}\` | ${cell(f.operation)} | ${cell(f.message)} | \`${whereOf(f)}\` |`;
    if (!full) return row;
    const witness = witnessOf(f, 120);
    return `${row} ${cell(touchOf(f))} | ${witness ? `\`${cell(witness)}\`` : ""} |`;
  });
}

const tally = (findings: GateFinding[]) => {
  const n = (level: string) => findings.filter((f) => f.level === level).length;
  return `${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info`;
};

/**
 * A pull-request comment within MARKDOWN_LIMIT characters: the verdict, what this branch changes (errors and
 * warnings in a table, info collapsed), refused recorded exchanges, then collapsed: what was pending before
 * the branch and the changelog section. Rows that do not fit are counted, not cut mid-line.
 */
export function markdownReport(report: GateReport): string {
  const out = new Budget(MARKDOWN_LIMIT);
  const verdict = verdictLine(report).replace(/^\w+: /, "");
  out.add(`# Release gate: ${report.ok ? "passed" : "**failed**"}, ${verdict}`);
  out.add("");
  out.add(baseLine(report));
  out.add("");
  out.addAll(report.reasons.map((reason) => `- ${reason}`), "reasons");
  const changeset = changesetLine(report);
  if (changeset) out.add(`- ${changeset.replace("pnpm changeset", "`pnpm changeset`")}`);
  out.add("");
  const { branch, pending } = byOrigin(report.findings);
  const table = (findings: GateFinding[], what: string, full = true) => {
    const loud = findings.filter((f) => f.level !== "info");
    if (loud.length > 0) {
      const [head, rule] = full ? HEAD : SHORT_HEAD;
      out.add(head as string);
      out.add(rule as string);
      out.addAll(rows(loud, full), what);
      out.add("");
    }
    const quiet = findings.filter((f) => f.level === "info");
    if (quiet.length > 0 && out.add(`<details><summary>${quiet.length} info finding(s)</summary>`)) {
      out.add("");
      out.addAll(quiet.map((f) => `- \`${f.rule}\` ${cell(f.operation)}: ${cell(f.message)}`), "info findings");
      out.add("");
      out.close("</details>");
      out.add("");
    }
  };
  if ("commit" in report.base) {
    out.add(`## This branch: ${tally(branch)}`);
    out.add("");
    table(branch, "findings of this branch");
  } else table(pending, "findings");
  const refusals = (pending: boolean) =>
    refusalGroups(report.refusals.filter((r) => (r.pending ?? false) === pending)).map((r) => {
      const more = r.more > 0 ? ` (and ${r.more} more alike)` : "";
      const mode = r.pending ? "pending" : r.blocking ? "blocks" : "warns";
      return `- **${r.team}** (${mode}), ${cell(r.operation)}, \`${r.exchange}\`${more}: ${cell(r.reasons.join("; "))}`;
    });
  const fresh = refusals(false);
  if (fresh.length > 0) {
    out.add("## Recorded exchanges the candidate refuses");
    out.add("");
    out.addAll(fresh, "refused exchanges");
    out.add("");
  }
  const alike = refusals(true);
  if (alike.length > 0 && out.add(`<details><summary>Recorded exchanges the base refuses alike: ${alike.length}</summary>`)) {
    out.add("");
    out.addAll(alike, "refused exchanges");
    out.add("");
    out.close("</details>");
    out.add("");
  }
  out.addAll(report.waiverProblems.map((problem) => `- waiver: ${problem}`), "waiver problems");
  if (out.add("<details><summary>Changelog section</summary>")) {
    out.add("");
    out.addAll(changelogSection(changedByBranch(report)).split("\n"), "changelog lines");
    out.close("</details>");
    out.add("");
  }
  if ("commit" in report.base && pending.length > 0 && out.add(`<details><summary>Pending before this branch: ${tally(pending)}</summary>`)) {
    out.add("");
    table(pending, "pending findings", false);
    out.close("</details>");
  }
  return out.lines.join("\n");
}
