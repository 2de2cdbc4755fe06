import { aimedAt } from "./construct.js";
import type { Json, Located } from "./types.js";
import { checkOf } from "./validators.js";

/** What constructed values show of two schemas: a value only the old one accepts, one only the new one accepts. */
export interface Difference {
  narrower?: { value: unknown };
  wider?: { value: unknown };
}

/**
 * Tells two schemas apart with values built from both (construct.ts), each judged by the spec's validator:
 * a value the old schema accepts and the new one refuses shows the change narrows; the reverse, that it widens.
 */
export function distinguish(oldDoc: Json, oldNode: Located, newDoc: Json, newNode: Located): Difference {
  const old = checkOf(oldDoc, oldNode);
  const now = checkOf(newDoc, newNode);
  const before = { doc: oldDoc, node: oldNode };
  const after = { doc: newDoc, node: newNode };
  const found: Difference = {};
  const judged = new Set<string>();
  for (const value of [...aimedAt(before, after), ...aimedAt(after, before)]) {
    const key = JSON.stringify(value);
    if (judged.has(key)) continue;
    judged.add(key);
    const was = old(value).valid;
    const is = now(value).valid;
    if (was && !is) found.narrower ??= { value };
    if (is && !was) found.wider ??= { value };
    if (found.narrower && found.wider) break;
  }
  return found;
}
