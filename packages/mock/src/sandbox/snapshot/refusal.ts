import { ApiError } from "../http/api-error.js";
import type { SnapshotProblem } from "./check.js";

/** One problem in one line: the entity, its pointer and the rule. */
export const describeProblem = (problem: SnapshotProblem): string =>
  `${problem.entity ? `${problem.entity} at ` : ""}${problem.pointer || "/"}: ${problem.rule}`;

/** The 400 of a snapshot that does not load: each problem under `invalid_fields` (`body` + its pointer) and in `info`. */
export function snapshotRefusal(problems: SnapshotProblem[]): ApiError {
  const fields: Record<string, string[]> = {};
  for (const problem of problems) {
    const field = `body${problem.pointer}`;
    fields[field] = [...(fields[field] ?? []), describeProblem(problem)];
  }
  const shown = problems.slice(0, 3).map(describeProblem).join("; ");
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
  return new ApiError(400, `The snapshot was not loaded, nothing changed: ${shown}${more}.`, {
    invalidFields: fields,
    info: { problems },
  });
}

/** A seed that does not load at start: the first problem, in one line (the CLI exits 2 with it). */
export class SeedRefused extends Error {
  constructor(readonly problems: SnapshotProblem[]) {
    const [first] = problems;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    super(`the seed does not load: ${first ? describeProblem(first) : "?"}${more}`);
    this.name = "SeedRefused";
  }
}
