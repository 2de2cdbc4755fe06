import { numberView, stringifyJson } from "../../exact-json.js";
import { ApiError } from "../api-error.js";
import type { SandboxResponse } from "../exchange.js";
import type { HandlerResult } from "../handler.js";
import { textAnswer } from "../json-answer.js";
import { stringifyInTurns } from "../json-in-turns.js";
import { responseProblem } from "../self-check.js";
import { nextTurn } from "../turns.js";
import type { Call, PipelineParts } from "./call.js";

/**
 * Self-check and serialise: the answer as the state stands right after the handler, or, with
 * `validateResponses`, the 500 naming how it breaks the spec.
 */
export function serialise<App>(
  call: Call<App>,
  parts: PipelineParts<App>,
  result: HandlerResult,
): SandboxResponse | ApiError {
  const violation = selfCheck(call, parts, result);
  if (violation) return violation;
  const text = result.body === undefined ? undefined : stringifyJson(result.body);
  return textAnswer(result.status, text, call.requestId, result.headers);
}

/** {@link serialise} for a large call: a turn after the check, and the body's text made in turns. */
export async function serialiseInTurns<App>(
  call: Call<App>,
  parts: PipelineParts<App>,
  result: HandlerResult,
): Promise<SandboxResponse | ApiError> {
  const violation = selfCheck(call, parts, result);
  if (violation) return violation;
  await nextTurn();
  const text = result.body === undefined ? undefined : await stringifyInTurns(result.body);
  return textAnswer(result.status, text, call.requestId, result.headers);
}

/** With `validateResponses`, the 500 naming how an answer breaks the spec; undefined when it keeps to it. */
function selfCheck<App>(
  call: Call<App>,
  parts: PipelineParts<App>,
  result: HandlerResult,
): ApiError | undefined {
  if (!parts.options.validateResponses) return undefined;
  const body = numberView(result.body);
  const problem = responseProblem(parts.options.model, call.op.operationId, result.status, body);
  return problem === undefined
    ? undefined
    : new ApiError(500, `Response breaks the spec: ${problem}`, { exceptionClass: "SpecViolation" });
}
