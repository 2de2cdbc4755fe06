/** Replaces secrets in a piece of text. */
export type Redact = (text: string) => string;

/** What a secret is replaced with. */
export const REDACTED = "[REDACTED]";

/**
 * Secrets shorter than this are not searched for in free text: they would match ordinary words. (Real API
 * keys are far longer; the Authorization header itself is always redacted whole.)
 */
export const MIN_REDACTED_LENGTH = 8;

/** Where a client made by this package keeps its redactor, for the helpers that get only the client. */
const REDACTORS = new WeakMap<object, Redact>();

export function keepRedactor(client: object, redact: Redact): void {
  REDACTORS.set(client, redact);
}

/** The redactor of a client made by this package; one that changes nothing for any other. */
export function redactorOf(client: object): Redact {
  return REDACTORS.get(client) ?? ((text) => text);
}

/** A function that replaces every occurrence of `secret` in a text with {@link REDACTED}. */
export function createRedactor(secret: string): Redact {
  if (secret.length < MIN_REDACTED_LENGTH) return (text) => text;
  return (text) => (text.includes(secret) ? text.replaceAll(secret, REDACTED) : text);
}

/**
 * A copy of a JSON-like value with `redact` applied to every string in it (keys included), however deep:
 * the walk keeps its own stack rather than recursing, so no nesting is too deep for it.
 */
export function redactDeep<T>(value: T, redact: Redact | undefined): T {
  if (!redact) return value;
  type Copy = unknown[] | Record<string, unknown>;
  const copies = new Map<object, Copy>();
  const pending: [object, Copy][] = [];
  const copyOf = (item: unknown): unknown => {
    if (typeof item === "string") return redact(item);
    if (!item || typeof item !== "object") return item;
    const known = copies.get(item);
    if (known) return known;
    const copy: Copy = Array.isArray(item) ? [] : {};
    copies.set(item, copy);
    pending.push([item, copy]);
    return copy;
  };
  const root = copyOf(value);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, copy] = next;
    if (Array.isArray(copy)) for (const item of Object.values(source)) copy.push(copyOf(item));
    else for (const [key, item] of Object.entries(source)) copy[redact(key)] = copyOf(item);
  }
  // The copy has the value's shape: only its strings (texts and keys) are redacted.
  return root as T;
}

/** Whether `redact` would change the message or stack of an error or of any of its causes. */
export function holdsSecret(error: unknown, redact: Redact): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const text = `${e.message}${e.stack}`;
    if (redact(text) !== text) return true;
  }
  return false;
}
