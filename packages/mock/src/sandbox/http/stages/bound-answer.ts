import { ApiError } from "../api-error.js";
import { longerThan, utf8Length } from "../json-answer.js";
import { type Call, type PipelineParts, required, type StageResult } from "./call.js";

/** Bound the answer: a read's answer over `maxAnswerBytes` is a 400 (a write's is bounded by the state it leaves). */
export function boundAnswer<App>(call: Call<App>, parts: PipelineParts<App>): StageResult {
  const max = parts.options.maxAnswerBytes;
  const { body } = required(call.answer, "handle");
  if (max === undefined || call.op.writes || body === undefined || !longerThan(body, max)) return undefined;
  return new ApiError(
    400,
    `The answer would take ${utf8Length(body)} bytes, over the sandbox's ${max}; ask for a page.`,
  );
}
