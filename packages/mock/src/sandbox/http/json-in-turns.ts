import { exactJsonReader, stringifyJson } from "../exact-json.js";
import { slicesInTurns } from "./turns.js";

/** Characters handed to the parser per turn of the event loop. */
const SLICE = 32 * 1024;

/**
 * Parses a JSON text a slice per turn of the event loop (JSON.parse holds the loop for the whole text, long
 * enough to stall other tenants for a megabyte of object keys). Same result as JSON.parse (last duplicate
 * key wins, `__proto__` an
 * own key), but for integers beyond ±(2^53 − 1), kept exact; throws a SyntaxError for a text JSON.parse refuses.
 */
export async function parseJsonInTurns(text: string): Promise<unknown> {
  const reader = exactJsonReader();
  for await (const [at, end] of slicesInTurns(text.length, SLICE)) reader.write(text.slice(at, end));
  return reader.end();
}

/** Array items, or object members, serialised per turn by {@link stringifyInTurns}. */
const ENTRIES_PER_TURN = 4096;

/**
 * JSON.stringify's text of a value (exact integers written as their digits), made in turns of the event loop: the value's arrays and objects, at its
 * top level and one level down, are serialised a slice of entries per turn.
 */
export async function stringifyInTurns(value: unknown, depth = 0): Promise<string | undefined> {
  if (depth > 1 || !isContainer(value)) return stringifyJson(value);
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for await (const [at, end] of slicesInTurns(value.length, ENTRIES_PER_TURN)) {
      parts.push(stringifyJson(value.slice(at, end)).slice(1, -1));
    }
    return `[${parts.join(",")}]`;
  }
  const entries = Object.entries(value);
  for await (const [at, end] of slicesInTurns(entries.length, ENTRIES_PER_TURN)) {
    for (const [key, member] of entries.slice(at, end)) {
      const text =
        depth === 0 && isContainer(member) ? await stringifyInTurns(member, 1) : stringifyJson(member);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
  }
  return `{${parts.join(",")}}`;
}

/** An array or a plain object (nothing with its own `toJSON`). */
const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === "object" && !("toJSON" in value);
