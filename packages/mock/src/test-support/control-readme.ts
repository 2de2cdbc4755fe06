// Renders the endpoint table of the control API for the package README from the bundled control spec, so the
// README cannot drift from control/openapi.yaml (control/readme.test.ts compares them).
import type { DocumentModel } from "@cloud-contract/spec/document";

export const START =
  "<!-- control-api:start (generated from control/openapi.yaml by src/sandbox/control/readme.test.ts) -->";
export const END = "<!-- control-api:end -->";

export function renderControlTable(model: DocumentModel): string {
  const rows = ["| Method and path | operationId | What it does | Statuses |", "|---|---|---|---|"];
  for (const op of model.operations) {
    const statuses = Object.keys(op.responses).join(", ");
    rows.push(
      `| \`${op.method} ${op.path}\` | \`${op.operationId}\` | ${String(op.object.summary)} | ${statuses} |`,
    );
  }
  return `${START}\n${rows.join("\n")}\n${END}`;
}
