import { shortJson } from "../src/diff/witness-format.js";
import { SPEC_LANGUAGE } from "./spec-language.js";
import { DOCUMENT_ROWS, KEYWORD_ROWS, NESTINGS, SCALAR_NESTINGS } from "./table.js";
import { allTwins, placementsOf, verdictOf } from "./twins.js";

export const EDIT_SPACE_FILE = "EDIT-SPACE.md";
export const UPDATE_COMMAND = "UPDATE_EDIT_SPACE=1 npx vitest run edit-space/markdown.test.ts";

const cell = (s: string) => s.replaceAll("|", "\\|");
const edit = (from: unknown, to: unknown) =>
  `\`${cell(shortJson(from, 60))}\` → \`${cell(shortJson(to, 60))}\``;

/** EDIT-SPACE.md: the table of table.ts, for people (generated; markdown.test.ts keeps it fresh). */
export function editSpaceMarkdown(): string {
  const twins = allTwins();
  const lines = [
    `<!-- generated from edit-space/table.ts — do not edit; \`${UPDATE_COMMAND}\` rewrites it -->`,
    "",
    "# The edit space of the release gate",
    "",
    "Every keyword and document field that changes what is valid, with an edit that accepts less (tighter) and",
    "one that accepts more (looser), and what each does to consumers on each side of the wire. Each row is a",
    `test in every placement (\`edit-space/table.test.ts\`, ${twins.length} twins): the edit is applied to a`,
    "small spec and the gate must call it exactly as the row does, with a witness for every error.",
    "",
    `Placements: request body and response body, each ${NESTINGS.join(", ")}; parameter and response header,`,
    `each ${SCALAR_NESTINGS.join(", ")} (the rows placed in bodies only are keywords of objects and tuples).`,
    "",
    "## Schema keywords",
    "",
    "| keyword | tighter edit | looser edit | request: tighter / looser | response: tighter / looser | placements | why |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of KEYWORD_ROWS) {
    const side = (d: "request" | "response") =>
      `${verdictOf(row, d, "tighter")} / ${verdictOf(row, d, "looser")}`;
    const where = row.bodyOnly ? `bodies (${placementsOf(row).length})` : `all (${placementsOf(row).length})`;
    lines.push(
      `| \`${cell(row.keyword)}\` | ${edit(row.tighter.from, row.tighter.to)} | ${edit(row.looser.from, row.looser.to)} | ${side("request")} | ${side("response")} | ${where} | ${cell(row.why ?? "")} |`,
    );
  }
  lines.push(
    "",
    "## Document fields",
    "",
    "| field | placement | breaking edit | harmless edit |",
    "| --- | --- | --- | --- |",
  );
  for (const row of DOCUMENT_ROWS)
    lines.push(`| ${cell(row.keyword)} | ${row.placement} | ${cell(row.edits[0])} | ${cell(row.edits[1])} |`);
  const reasoned = SPEC_LANGUAGE.filter((e) => !e.row && e.reason);
  const gaps = SPEC_LANGUAGE.filter((e) => !e.row && !e.reason);
  lines.push(
    "",
    "## The rest of the spec language",
    "",
    `Of ${SPEC_LANGUAGE.length} fields and keywords of OpenAPI 3.1 and JSON Schema 2020-12 (\`edit-space/spec-language.ts\`),`,
    `${SPEC_LANGUAGE.length - reasoned.length - gaps.length} have a row above; these need none:`,
    "",
    ...reasoned.map((e) => `- \`${cell(e.keyword)}\`: ${e.reason}`),
    "",
    `### Gaps: ${gaps.length} without a row or a reason yet`,
    "",
    gaps.map((e) => `\`${cell(e.keyword)}\``).join(", "),
  );
  return `${lines.join("\n")}\n`;
}
