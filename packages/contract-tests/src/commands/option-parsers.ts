// Parsers for the numeric and enumerated flags of the bin: each refuses a bad value with a message
// that says what is accepted (the root turns it into exit code 2).
import { InvalidArgumentError } from "commander";
import { type CoverageGates, parseGates } from "../coverage-report/gates.js";
import { messageOf } from "../error-message.js";
import { parseShard, type Shard } from "../report-files.js";

function integer(text: string, what: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(text.trim()))
    throw new InvalidArgumentError(`${what} must be an integer from ${min} to ${max}.`);
  const value = Number(text);
  if (value < min || value > max)
    throw new InvalidArgumentError(`${what} must be an integer from ${min} to ${max}.`);
  return value;
}

export const portOption = (text: string) => integer(text, "the port", 0, 65_535);
export const casesOption = (text: string) => integer(text, "the number of cases", 1, 100_000);
export const generatedOption = (text: string) => integer(text, "the number of generated cases", 0, 100_000);
export const seedOption = (text: string) => integer(text, "the seed", -(2 ** 31 - 1), 2 ** 31 - 1);

/** `--min-coverage 80` (the total) or `--min-coverage operations=100,statuses=50,branches=100,enums=80`. */
export function gatesOption(text: string): CoverageGates {
  try {
    return parseGates(text);
  } catch (error) {
    throw new InvalidArgumentError(`${messageOf(error)}.`);
  }
}

/** A positive duration in milliseconds. */
export const millisecondsOption = (text: string) => integer(text, "the timeout (ms)", 1, 3_600_000);

export function shardOption(text: string): Shard {
  try {
    return parseShard(text);
  } catch (error) {
    throw new InvalidArgumentError(`${messageOf(error)}.`);
  }
}

export function httpUrlOption(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === "http:" || url.protocol === "https:") return text.replace(/\/+$/, "");
  } catch {
    // Reported below.
  }
  throw new InvalidArgumentError("it must be an http(s) URL.");
}

/** A comma list of operationIds, each one the spec knows. */
export function operationsOption(known: readonly string[]) {
  return (text: string): string[] => {
    const ids = text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = ids.filter((id) => !known.includes(id));
    if (ids.length === 0 || unknown.length > 0) {
      throw new InvalidArgumentError(
        `unknown operation ${unknown.join(", ") || "(none)"}; one of ${known.join(", ")}.`,
      );
    }
    return ids;
  };
}
