/** Replaces secrets in a piece of text. */
export type Redact = (text: string) => string;

/** What a secret is replaced with. */
export const REDACTED = "[REDACTED]";

/**
 * Secrets shorter than this are not searched for in free text: they would match ordinary words. (Real API
 * keys are far longer; the Authorization header itself is always redacted whole.)
 */
export const MIN_REDACTED_LENGTH = 8;

/** A function that replaces every occurrence of `secret` in a text with {@link REDACTED}. */
export function createRedactor(secret: string): Redact {
  if (secret.length < MIN_REDACTED_LENGTH) return (text) => text;
  return (text) => (text.includes(secret) ? text.replaceAll(secret, REDACTED) : text);
}

/** A copy of a JSON-like value with `redact` applied to every string in it (keys included). */
export function redactDeep(value: unknown, redact: Redact | undefined, depth = 0): unknown {
  if (!redact) return value;
  if (typeof value === "string") return redact(value);
  if (!value || typeof value !== "object" || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactDeep(item, redact, depth + 1);
  return copy;
}
