// A failing sequence saved as JSON, to be replayed with `contract-tests stateful --replay FILE`:
// the seed it came from, the target it failed on (kind and base URL, never the key), its steps and what failed.
import { readFileSync } from "node:fs";
import { messageOf } from "../error-message.js";
import { writeJson } from "../report-files.js";
import { readSavedTarget, type SavedTarget } from "../saved-target.js";
import type { Step } from "./commands.js";
import type { SequenceFailure } from "./sequences.js";

export const CASE_FORMAT = "contract-tests/stateful-sequence@1";

export interface SequenceCase {
  format: typeof CASE_FORMAT;
  seed: number;
  /** Absent in files saved before targets were recorded: those replay only with target flags. */
  target?: SavedTarget;
  steps: Step[];
  failure: { check: string; operationId: string | undefined; message: string; described: string[] };
}

export function saveSequenceCase(
  file: string,
  seed: number,
  target: SavedTarget,
  failure: SequenceFailure,
): void {
  const saved: SequenceCase = {
    format: CASE_FORMAT,
    seed,
    target,
    steps: failure.steps,
    failure: {
      check: failure.check,
      operationId: failure.operationId,
      message: failure.message,
      described: failure.described,
    },
  };
  writeJson(file, saved);
}

const STEP_KINDS = new Set(["call", "follow", "auth", "break", "pages"]);

/** Reads a saved sequence; throws naming the file when it is not one. */
export function loadSequenceCase(file: string): SequenceCase {
  let parsed: Partial<SequenceCase>;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file} cannot be read as JSON: ${messageOf(error)}`);
  }
  if (
    parsed.format !== CASE_FORMAT ||
    !Array.isArray(parsed.steps) ||
    !parsed.steps.every((s) => typeof s === "object" && s !== null && STEP_KINDS.has((s as Step).kind))
  ) {
    throw new Error(`${file} is not a saved stateful sequence (format ${CASE_FORMAT}, steps)`);
  }
  const { target, ...rest } = parsed as SequenceCase;
  const saved = readSavedTarget(target);
  return { ...rest, ...(saved === undefined ? {} : { target: saved }) };
}
