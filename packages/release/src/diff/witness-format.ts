import type { Witness } from "./finding.js";

/** Text in at most `max` characters, cut with `…`. */
export const shorten = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;

/** A JSON value in at most `max` characters (the full value stays in the JSON report). */
export const shortJson = (value: unknown, max: number) =>
  shorten(JSON.stringify(value) ?? String(value), max);

/**
 * A witness in one line, `request body application/json {"email":"…"} — why`: the value cut to `max`
 * characters and, with `lineMax`, the whole line too.
 */
export function formatWitness(witness: Witness, max = 120, lineMax = Number.POSITIVE_INFINITY): string {
  const value = witness.value === undefined ? "" : ` ${shortJson(witness.value, max)}`;
  const head = witness.at.startsWith(witness.kind) ? witness.at : `${witness.kind} ${witness.at}`;
  return shorten(`${head}${value} — ${witness.because}`, lineMax);
}
