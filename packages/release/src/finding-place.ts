// Where in the candidate a finding is written: the keyword that changed (`type`, `maximum`, `required` …)
// rather than the schema holding it, and for a removal the place it was removed from.

import type { Finding } from "./diff/finding.js";
import { valueAt } from "./diff/pointer.js";
import type { Json } from "./diff/types.js";
import { originalPlace } from "./resolve-identifiers.js";

/** The keyword a rule is about, where its message does not name it first. */
const KEYWORDS: Array<[RegExp, string[]]> = [
  [/-type-|became-nullable/, ["type", "const"]],
  [/-enum-value-/, ["enum", "const"]],
  [/-property-(became|added)-(optional|required)/, ["required"]],
  [/-variant-/, ["oneOf", "anyOf"]],
  [/-discriminator-/, ["discriminator"]],
];

/**
 * The pointer of the candidate node a finding's source line should show; inside a copy that `$dynamicRef`
 * resolution made, the place in the schema copied (resolve-identifiers.ts).
 */
export function placeOf(
  finding: Pick<Finding, "rule" | "message" | "before" | "after">,
  candidate: Json,
): string {
  return originalPlace(candidate, placeInCandidate(finding, candidate));
}

function placeInCandidate(
  finding: Pick<Finding, "rule" | "message" | "before" | "after">,
  candidate: Json,
): string {
  const { after, before } = finding;
  // A removed node: its released pointer below the container it left, so the line is where it was.
  if (before.startsWith(`${after}/`)) return before;
  const node = valueAt(candidate, after);
  // A list (a union's variants, `required`, an enum) is already the keyword's own place.
  if (!node || typeof node !== "object" || Array.isArray(node)) return after;
  const named = /^(\w+) /.exec(finding.message)?.[1];
  const candidates = [
    ...(named && finding.rule.includes("-limit-") ? [named] : []),
    ...(KEYWORDS.find(([rule]) => rule.test(finding.rule))?.[1] ?? []),
  ];
  const keyword = candidates.find((k) => k in node);
  if (keyword) return `${after}/${keyword}`;
  // A union whose variant went away: the place that held the union, when the candidate still has it.
  const holder = /-variant-/.test(finding.rule) ? before.replace(/\/(anyOf|oneOf)\/\d+$/, "") : undefined;
  return holder && holder !== before && valueAt(candidate, holder) !== undefined ? holder : after;
}
