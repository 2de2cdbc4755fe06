import type { Level, RuleId } from "./rules.js";
import type { SourceLocation } from "./types.js";

/** One difference between the released spec and the candidate, judged by a rule. */
export interface Finding {
  rule: RuleId;
  level: Level;
  /** `METHOD /path`, or `components` for a change outside any operation. */
  operation: string;
  /** The operationId in the candidate (the released one for a removed operation). */
  operationId: string | undefined;
  message: string;
  /** JSON pointer of the changed node in the released bundle (of its container when it was added). */
  before: string;
  /** JSON pointer in the candidate bundle (of the container when it was removed). */
  after: string;
  /** Where `after` is written in `spec/`, when the gate knows the sources. */
  source?: SourceLocation;
  /** The example that proves an error finding (see witness.ts). */
  witness?: Witness;
}

/**
 * A concrete example of a break: a request the released contract accepts and the candidate refuses, a
 * response the candidate allows that the released contract did not, or an exchange that stops working.
 */
export interface Witness {
  kind: "request" | "response" | "exchange";
  /** Where the example goes: `request body application/json`, `query limit`, `response 200 header x-total`. */
  at: string;
  /** The value, checked with the spec's validator against both contracts (absent for an exchange). */
  value?: unknown;
  /** Why it breaks, in a line: what the refusing contract says of the value, or what stops working. */
  because: string;
}
