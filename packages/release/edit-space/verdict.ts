import { compareSpecs } from "../src/diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../src/diff/deprecation.js";
import type { Finding } from "../src/diff/finding.js";
import type { Json } from "../src/diff/types.js";
import { resolveIdentifiers } from "../src/resolve-identifiers.js";
import type { Verdict } from "./table.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** The gate's findings on two specs, read as the gate reads them (in 2020-12, references as pointers). */
export const gateFindings = (before: Json, after: Json, options: Parameters<typeof compareSpecs>[2]) =>
  compareSpecs(resolveIdentifiers(before), resolveIdentifiers(after), options);

/** The gate's verdict on one edit: breaking when an error finding is left once witnesses are searched. */
export function gateVerdict(before: Json, after: Json): { verdict: Verdict; errors: Finding[] } {
  const errors = gateFindings(before, after, { policy }).filter((f) => f.level === "error");
  return { verdict: errors.length > 0 ? "breaking" : "harmless", errors };
}
