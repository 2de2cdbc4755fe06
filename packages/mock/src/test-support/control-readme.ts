// Renders the endpoint table of the control API for the package README from the bundled control spec, so the
// README cannot drift from control/openapi.yaml (control/readme.test.ts compares them).
import type { OpenApiDocument } from "../bundle.js";
import { HTTP_METHODS } from "../bundle.js";

export const START =
  "<!-- control-api:start (generated from control/openapi.yaml by src/sandbox/control/readme.test.ts) -->";
export const END = "<!-- control-api:end -->";

interface Operation {
  operationId: string;
  summary: string;
  responses: Record<string, unknown>;
}

export function renderControlTable(doc: OpenApiDocument): string {
  const rows = ["| Method and path | operationId | What it does | Statuses |", "|---|---|---|---|"];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const statuses = Object.keys(op.responses).join(", ");
      rows.push(
        `| \`${method.toUpperCase()} ${path}\` | \`${op.operationId}\` | ${op.summary} | ${statuses} |`,
      );
    }
  }
  return `${START}\n${rows.join("\n")}\n${END}`;
}
