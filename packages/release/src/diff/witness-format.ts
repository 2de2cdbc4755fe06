import type { Witness } from "./types.js";

/** A JSON value in at most `max` characters, cut with `…` (the full value stays in the JSON report). */
export function shortJson(value: unknown, max: number): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** A witness in one line, `request body application/json {"email":"…"} — why`, the value cut to `max` characters. */
export function formatWitness(witness: Witness, max = 120): string {
  const value = witness.value === undefined ? "" : ` ${shortJson(witness.value, max)}`;
  const head = witness.at.startsWith(witness.kind) ? witness.at : `${witness.kind} ${witness.at}`;
  return `${head}${value} — ${witness.because}`;
}
