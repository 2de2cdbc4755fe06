import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { DATE, isCalendarDate } from "./calendar-date.js";
import { GateInputError } from "./gate-input-error.js";
import { errorLine, membersOf } from "./unknown-values.js";

/** One entry of the waiver file: a finding's fingerprint let through, for a reason, until a date. */
export interface Waiver {
  fingerprint: string;
  reason: string;
  /** `YYYY-MM-DD`; from that day on the entry fails the gate. */
  expires: string;
}

/** Reads the waiver file (a missing file waives nothing); a malformed entry is a GateInputError. */
export function readWaivers(file: string): Waiver[] {
  if (!existsSync(file)) return [];
  let data: unknown;
  try {
    data = parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new GateInputError(`${file}: not YAML: ${errorLine(error)}`);
  }
  const list = membersOf(data).waivers ?? [];
  if (!Array.isArray(list)) throw new GateInputError(`${file}: "waivers" must be a list`);
  return list.map((entry, i) => {
    const { fingerprint, reason, expires } = membersOf(entry);
    const at = `${file}: waiver ${i + 1}`;
    if (typeof fingerprint !== "string" || fingerprint === "")
      throw new GateInputError(`${at} has no fingerprint`);
    if (typeof reason !== "string" || reason.trim() === "") throw new GateInputError(`${at} has no reason`);
    const date = expires instanceof Date ? expires.toISOString().slice(0, 10) : expires;
    if (typeof date !== "string" || !DATE.test(date))
      throw new GateInputError(`${at} needs expires: YYYY-MM-DD`);
    if (!isCalendarDate(date)) throw new GateInputError(`${at}: expires ${date} is no day of the calendar`);
    return { fingerprint, reason, expires: date };
  });
}

/**
 * Applies waivers to findings by fingerprint. An expired entry and an entry no finding matches are problems:
 * a waiver is a dated exception, never a permanent silence.
 */
export function applyWaivers<T extends { fingerprint: string; waiver?: Omit<Waiver, "fingerprint"> }>(
  findings: T[],
  waivers: Waiver[],
  today: string,
): { findings: T[]; problems: string[] } {
  const problems: string[] = [];
  const used = new Set<Waiver>();
  const out = findings.map((finding) => {
    const waiver = waivers.find((w) => w.fingerprint === finding.fingerprint);
    if (!waiver) return finding;
    used.add(waiver);
    if (waiver.expires <= today) return finding;
    return { ...finding, waiver: { reason: waiver.reason, expires: waiver.expires } };
  });
  for (const waiver of waivers) {
    if (waiver.expires <= today) problems.push(`waiver expired on ${waiver.expires}: ${waiver.fingerprint}`);
    else if (!used.has(waiver)) problems.push(`waiver matches no finding (remove it): ${waiver.fingerprint}`);
  }
  return { findings: out, problems };
}
