// `validateResponses`: the answers of a client judged against the spec. The judge (./validate-responses.ts,
// with the spec's model and validator) is imported on the first answer to judge: a client that never
// validates never loads it, and a bundler that splits code keeps it out of the chunk such a client needs.
import { type CallInfo, ResponseValidationError } from "./errors.js";
import type { CloudClientLogger } from "./middleware/log.js";
import { type Redact, redactDeep } from "./redact.js";
import type { FetchResult } from "./unwrap.js";
import type { CheckSettings } from "./validate-responses.js";

/** Whether answers are checked against the spec, and what a violation does. */
export type ValidateResponses = "off" | "warn" | "throw";

/** Judges the final answer of one call; rejects with a ResponseValidationError in mode "throw". */
export type ResponseCheck = (
  call: CallInfo,
  result: FetchResult,
  parseAs: string | undefined,
) => Promise<void>;

/** The check of the `validateResponses` option; undefined when it is off. */
export function createResponseCheck(
  mode: ValidateResponses | undefined,
  logger: CloudClientLogger | undefined,
  redact: Redact,
): ResponseCheck | undefined {
  if (mode === undefined || mode === "off") return undefined;
  if (mode === "warn" ? !logger : mode !== "throw") {
    throw new TypeError('createCloudClient: validateResponses: "off", "throw", or "warn" and a logger.');
  }
  const settings: CheckSettings = { mode, logger, redact, redactDeep, ResponseValidationError };
  let judge: Promise<typeof import("./validate-responses.js")> | undefined;
  return async (call, result, parseAs) => {
    judge ??= import("./validate-responses.js");
    await (await judge).checkAnswer(settings, call, result, parseAs);
  };
}
