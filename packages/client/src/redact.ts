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
export function redactDeep(value: unknown, redact: Redact | undefined): unknown {
  if (!redact) return value;
  const copies = new Map<object, unknown>();
  const copyOf = (item: unknown): unknown => {
    if (typeof item === "string") return redact(item);
    if (!item || typeof item !== "object") return item;
    if (copies.has(item)) return copies.get(item);
    const copy: unknown = Array.isArray(item) ? [] : {};
    copies.set(item, copy);
    pending.push([item as Record<string, unknown>, copy as Record<string, unknown>]);
    return copy;
  };
  const pending: [Record<string, unknown>, Record<string, unknown>][] = [];
  const root = copyOf(value);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, copy] = next;
    if (Array.isArray(source)) for (const item of source) (copy as unknown as unknown[]).push(copyOf(item));
    else for (const [key, item] of Object.entries(source)) copy[redact(key)] = copyOf(item);
  }
  return root;
}

/** Whether `redact` would change the message or stack of an error or of any of its causes. */
export function holdsSecret(error: unknown, redact: Redact): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const text = `${e.message}${e.stack}`;
    if (redact(text) !== text) return true;
  }
  return false;
}
