// JSON texts whose integers may lie beyond ±(2^53 − 1): such an integer is kept as its digits (an
// ExactInteger) from the request body to the state, the stores and the answer, where it is written back as sent.
import { Tokenizer, TokenParser } from "@streamparser/json";
import { stringify as stringifyLossless } from "lossless-json";
import { asError } from "../error-message.js";

/** An integer of a JSON text too large for a JavaScript number; in arithmetic it is the nearest number. */
export class ExactInteger {
  readonly digits: string;
  constructor(digits: string) {
    this.digits = digits;
  }
  valueOf(): number {
    return Number(this.digits);
  }
  toString(): string {
    return this.digits;
  }
  /** JSON.stringify writes the nearest number; {@link stringifyJson} notices and writes the digits. */
  toJSON(): number {
    written = true;
    return this.valueOf();
  }
}

/** Whether JSON.stringify met an {@link ExactInteger} since this was last cleared. */
let written = false;

const INTEGER = /^-?\d+$/;
/** A digit run this long may be an integer beyond ±(2^53 − 1) (16 digits); a text without one has none. */
const LONG_DIGITS = /\d{16}/;

/** A JSON number's text as a value: a number, or an {@link ExactInteger} for an integer beyond ±(2^53 − 1). */
function exactNumber(text: string): number | ExactInteger {
  const value = Number(text);
  return Number.isSafeInteger(value) || !INTEGER.test(text) ? value : new ExactInteger(text);
}

class ExactTokenizer extends Tokenizer {
  // The token parser stores the value as it is: an ExactInteger stands where a number would.
  protected override parseNumber(text: string): number {
    return exactNumber(text) as number;
  }
}

/**
 * A streaming parser whose integers beyond ±(2^53 − 1) are {@link ExactInteger}s (otherwise JSON.parse's
 * result: last duplicate key wins, `__proto__` an own key). Errors come to `onError`.
 */
export function exactJsonParser(): {
  write(text: string): void;
  end(): void;
  readonly isEnded: boolean;
  onValue: (value: unknown) => void;
  onError: (error: Error) => void;
} {
  const tokenizer = new ExactTokenizer();
  const tokens = new TokenParser({ paths: ["$"], keepStack: false });
  const parser = {
    write: (text: string) => tokenizer.write(text),
    end: () => tokenizer.end(),
    get isEnded() {
      return tokenizer.isEnded && tokens.isEnded;
    },
    onValue: (_value: unknown) => {},
    onError: (_error: Error) => {},
  };
  tokenizer.onToken = tokens.write.bind(tokens);
  tokenizer.onEnd = () => {
    if (!tokens.isEnded) tokens.end();
  };
  tokenizer.onError = (error) => parser.onError(error);
  tokens.onError = tokenizer.error.bind(tokenizer);
  tokens.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  tokens.onValue = ({ value, stack }) => {
    if (stack.length === 0) parser.onValue(value);
  };
  return parser;
}

/** Whether a JSON text may hold an integer beyond ±(2^53 − 1) (without one, it parses to no {@link ExactInteger}). */
export function mayHoldExactIntegers(text: string): boolean {
  return LONG_DIGITS.test(text);
}

/**
 * Reads one JSON text given in pieces, with integers beyond ±(2^53 − 1) kept exact: `write` each piece, then
 * `end` gives the value. Both throw a SyntaxError for a text JSON.parse refuses.
 */
export function exactJsonReader(): { write(piece: string): void; end(): unknown } {
  const parser = exactJsonParser();
  let value: unknown;
  let failure: Error | undefined;
  parser.onValue = (parsed) => {
    value = parsed;
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  const step = (work: () => void) => {
    try {
      work();
    } catch (error) {
      failure ??= asError(error);
    }
    if (failure) throw new SyntaxError(failure.message);
  };
  return {
    write: (piece) => step(() => parser.write(piece)),
    end: () => {
      step(() => {
        if (!parser.isEnded) parser.end();
      });
      return value;
    },
  };
}

/** JSON.parse, with integers beyond ±(2^53 − 1) kept exact; throws a SyntaxError for a text JSON.parse refuses. */
export function parseJson(text: string): unknown {
  if (!mayHoldExactIntegers(text)) return JSON.parse(text);
  const reader = exactJsonReader();
  reader.write(text);
  return reader.end();
}

const EXACT = [
  { test: (value: unknown) => value instanceof ExactInteger, stringify: (value: unknown) => `${value}` },
];

/**
 * JSON.stringify's text, with every {@link ExactInteger} written as its digits (typed as JSON.stringify is:
 * undefined for undefined).
 */
export function stringifyJson(value: unknown): string {
  written = false;
  const text = JSON.stringify(value);
  if (!written) return text;
  written = false;
  return stringifyLossless(value, undefined, undefined, EXACT) as string;
}

/**
 * The value as schema checks see it: every {@link ExactInteger} the nearest number (an integer still), the rest
 * the same objects where nothing inside them changes.
 */
export function numberView(value: unknown): unknown {
  if (value instanceof ExactInteger) return value.valueOf();
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const seen = numberView(value[index]);
      if (seen === value[index]) continue;
      copy ??= [...value];
      copy[index] = seen;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    const seen = numberView(member);
    if (seen !== member) {
      copy ??= { ...value };
      Object.defineProperty(copy, key, { value: seen, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
}

/** A copy of a JSON value (arrays and plain objects copied, {@link ExactInteger}s shared: they never change). */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object" || value instanceof ExactInteger) return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    Object.defineProperty(copy, key, {
      value: cloneJson(member),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy as T;
}
