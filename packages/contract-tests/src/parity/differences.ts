// What parity reports: one difference between a recorded exchange and the target's answer to it.
export interface ParityDifference {
  /** Where the exchange was recorded (`file#entry`); for a task, where it was last seen. */
  where: string;
  operationId: string;
  kind: "status" | "missing-field" | "extra-field" | "type" | "task-state";
  /** The body field, for field differences. */
  pointer?: string;
  recorded: string;
  target: string;
}

export function describeDifference(d: ParityDifference): string {
  const what = d.pointer === undefined ? d.kind : `${d.kind} ${d.pointer}`;
  return `${d.operationId}: ${what} — recorded ${d.recorded}, target ${d.target} (${d.where})`;
}
