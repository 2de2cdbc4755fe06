import type { GateFinding } from "../gate-report.js";
import { COMPONENT_ADDED } from "../diff/rules/components.js";

const DEPRECATION = /deprecat|sunset/;

/**
 * A changelog section for the changeset, from the findings: breaking changes, deprecations and additions,
 * one line per change and operation group.
 */
export function changelogSection(findings: GateFinding[]): string {
  const line = (f: GateFinding) => `- ${f.operation === "components" ? "" : `\`${f.operationId ?? f.operation}\`: `}${f.message}`;
  const unique = (list: string[]) => [...new Set(list)];
  const breaking = unique(findings.filter((f) => f.level === "error" && !DEPRECATION.test(f.rule)).map(line));
  const deprecations = unique(findings.filter((f) => DEPRECATION.test(f.rule)).map(line));
  const other = unique(findings.filter((f) => f.level !== "error" && !DEPRECATION.test(f.rule) && f.rule !== COMPONENT_ADDED).map(line));
  const section = (title: string, items: string[]) => (items.length === 0 ? [] : [`### ${title}`, "", ...items, ""]);
  const body = [...section("Breaking changes", breaking), ...section("Deprecations", deprecations), ...section("Other changes", other)];
  return ["## API changes", "", ...(body.length === 0 ? ["No change to the API.", ""] : body)].join("\n");
}
