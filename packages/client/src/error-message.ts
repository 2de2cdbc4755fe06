import { propertyOf } from "./property.js";

/**
 * The text an error body gives for a person to read, whichever service's shape it has: `message` (cloud,
 * CDN, IAM), `detail` or `error` (billing, streaming), the reasons of `errors` (per field or a list; CDN, IAM,
 * streaming) or a billing validation report (reasons per field at the top level). A text body is its own
 * message. Undefined when the body has none of these.
 */
export function errorBodyMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body.length > 0 ? body : undefined;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  for (const name of ["message", "detail", "error"]) {
    const value = propertyOf(body, name);
    if (typeof value === "string" && value.length > 0) return value;
  }
  if ("errors" in body) return reasons(body.errors);
  return reasons(body);
}

/** `a; b` for a list of reasons, `field: a, b; other: c` for reasons per field; undefined for anything else. */
function reasons(value: unknown): string | undefined {
  if (isTextList(value)) return value.length > 0 ? value.join("; ") : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  const lines = Object.entries(value).map(
    ([field, list]) => isTextList(list) && `${field}: ${list.join(", ")}`,
  );
  return lines.length > 0 && lines.every(Boolean) ? lines.join("; ") : undefined;
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
