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
  if ("errors" in body) {
    const { errors } = body;
    return isTextList(errors) ? joined(errors, "; ") : joined(fieldReasons(errors, "", true), "; ");
  }
  return joined(fieldReasons(body, "", false), "; ");
}

/**
 * `field: a, b` for each field of `value` (under `prefix`); undefined when it is not reasons per field. With
 * `nested` (CDN's and IAM's `errors`), a field may also hold one reason as text, or fields of its own
 * (`auth.s3_region: …`).
 */
function fieldReasons(value: unknown, prefix: string, nested: boolean): string[] | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const lines: string[] = [];
  for (const [field, reasons] of Object.entries(value)) {
    const name = `${prefix}${field}`;
    if (isTextList(reasons)) lines.push(`${name}: ${reasons.join(", ")}`);
    else if (nested && typeof reasons === "string") lines.push(`${name}: ${reasons}`);
    else {
      const inner = nested ? fieldReasons(reasons, `${name}.`, nested) : undefined;
      if (inner === undefined) return undefined;
      lines.push(...inner);
    }
  }
  return lines;
}

/** The items joined by `separator`; undefined for none or no list. */
const joined = (items: readonly string[] | undefined, separator: string) =>
  items && items.length > 0 ? items.join(separator) : undefined;

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
