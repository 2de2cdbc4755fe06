import { nextTurn } from "../turns.js";
import {
  checkRequest,
  checkRequestInTurns,
  parseRequest,
  parseRequestInTurns,
  type ValidRequest,
} from "../validate.js";
import type { Call, StageResult } from "./call.js";

/** Validate: parameters and body parsed and checked against the operation, a large body in turns. */
export function validate<App>(call: Call<App>): StageResult | Promise<StageResult> {
  const { op, rawParams, rawQuery, raw, scope } = call;
  if (!call.large || raw === undefined) {
    call.valid = checkRequest(op, parseRequest(op, rawParams, rawQuery, raw, scope));
    return undefined;
  }
  return (async (): Promise<StageResult> => {
    const parsed = await parseRequestInTurns(op, rawParams, rawQuery, raw, scope);
    await nextTurn();
    const valid: ValidRequest = await checkRequestInTurns(op, parsed);
    await nextTurn();
    call.valid = valid;
    return undefined;
  })();
}
