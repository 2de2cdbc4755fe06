import type { Finding } from "./finding.js";

/**
 * A finding's stable identity, for waivers: rule id, operation and the pointer of what the finding is about
 * (the new node for an addition, the old one otherwise), so it survives edits elsewhere in the spec.
 */
export function fingerprintOf(finding: Pick<Finding, "rule" | "operation" | "before" | "after">): string {
  const subject = /-added/.test(finding.rule) ? finding.after : finding.before;
  return `${finding.rule} ${finding.operation} ${subject}`;
}
