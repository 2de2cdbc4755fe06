// What merge reads from a shard's records file, checked before anything is joined: the file parses as a JSON
// object, every number in it is finite and not negative, counts (the shard, HTTP statuses, requests sent) are
// whole numbers, and the shard is i of n with 1 ≤ i ≤ n ≤ MAX_SHARDS. Anything else cannot run (exit 2),
// naming the file — a `requestsSent` of -1 is never added up, and a `shard.count` of 1e9 never becomes a
// billion missing shards.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { CannotRun } from "../commands/command.js";
import { messageOf, oneLine } from "../error-message.js";

/** More shards than any CI runs: a count beyond it is a broken file. */
export const MAX_SHARDS = 1000;

/** Keys whose numbers count something: whole numbers. */
const COUNT_KEYS = new Set(["index", "count", "status"]);

/** Keys whose values are counts keyed by name (operationId → requests sent). */
const COUNTS_BY_NAME = new Set(["requestsSent"]);

/** The first number of `value` that is not a count, as `pointer: value`; undefined when there is none. */
function badNumber(value: unknown, pointer: string, count = false): string | undefined {
  if (typeof value === "number") {
    const key = pointer.slice(pointer.lastIndexOf("/") + 1);
    const whole = count || COUNT_KEYS.has(key);
    const ok = Number.isFinite(value) && value >= 0 && (!whole || Number.isSafeInteger(value));
    return ok ? undefined : `${pointer} is ${value}`;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const countsByName = COUNTS_BY_NAME.has(pointer.slice(pointer.lastIndexOf("/") + 1));
  for (const [key, item] of Object.entries(value)) {
    // A command's own details (seeds, timings, recorded values) are not joined up.
    if (pointer === "" && key === "details") continue;
    const found = badNumber(item, `${pointer}/${key}`, countsByName);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The `run.shard` of a parsed report, if it has one. */
function shardOf(value: object): { index?: unknown; count?: unknown } | undefined {
  if (!("run" in value) || typeof value.run !== "object" || value.run === null) return undefined;
  const { run } = value;
  if (!("shard" in run) || typeof run.shard !== "object" || run.shard === null) return undefined;
  const { shard } = run;
  return {
    index: "index" in shard ? shard.index : undefined,
    count: "count" in shard ? shard.count : undefined,
  };
}

/**
 * A shard's JSON file (its records) as `T`, once its numbers are checked; throws CannotRun naming the file.
 * Only numbers and the shard are checked here: merge reads the rest.
 */
export function readShardJson<T extends object>(file: string, cwd: string): T {
  const name = relative(cwd, file) || file;
  let parsed: T;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CannotRun(`${name} cannot be read as JSON: ${oneLine(messageOf(error))}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new CannotRun(`${name} is not a report (a JSON object)`);
  }
  const bad = badNumber(parsed, "");
  if (bad !== undefined) throw new CannotRun(`${name} holds a number that is not a count: ${bad}`);
  const shard = shardOf(parsed);
  if (shard !== undefined) {
    const { index, count } = shard;
    if (
      typeof index !== "number" ||
      typeof count !== "number" ||
      index < 1 ||
      index > count ||
      count > MAX_SHARDS
    ) {
      throw new CannotRun(
        `${name} names shard ${String(index)}/${String(count)}: a shard is i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}`,
      );
    }
  }
  return parsed;
}
