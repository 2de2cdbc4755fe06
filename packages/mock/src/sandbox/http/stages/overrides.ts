import { headAnswer, jsonAnswer } from "../json-answer.js";
import type { Call, PipelineParts, StageResult } from "./call.js";

/**
 * Overrides: the answer an override of the tenant chose for this validated call, sent as it is (checked
 * against the spec when the override was armed); the handler does not run, so nothing changes.
 */
export function answerOverride<App>(call: Call<App>, parts: PipelineParts<App>): StageResult {
  const chosen = parts.options.overrides?.({
    operation: call.op,
    app: call.app,
    rawParams: call.rawParams,
    rawQuery: call.rawQuery,
    requestId: call.requestId,
  });
  if (!chosen) return undefined;
  const answer = jsonAnswer(chosen.status, chosen.body, call.requestId, chosen.headers);
  if (call.fault?.kind === "slow_body") answer.delivery = { spreadMs: call.fault.delayMs };
  return call.head ? headAnswer(answer) : answer;
}
