import type { SandboxResponse } from "../exchange.js";
import { headAnswer } from "../json-answer.js";
import { type Call, required } from "./call.js";

/** Answer: the handler's answer as it goes out, trickling for a slow-body fault, without its body for HEAD. */
export function answer<App>(call: Call<App>): SandboxResponse {
  const answer = required(call.answer, "handle");
  if (call.fault?.kind === "slow_body") answer.delivery = { spreadMs: call.fault.delayMs };
  return call.head ? headAnswer(answer) : answer;
}
