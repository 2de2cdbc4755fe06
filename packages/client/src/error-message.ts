/**
 * The text an error body gives for a person to read, whichever service's shape it has: `message` (cloud,
 * CDN, IAM), `detail` or `error` (billing, streaming), the reasons of `errors` (per field or a list; CDN, IAM,
 * streaming) or a billing validation report (reasons per field at the top level). A text body is its own
 * message. Undefined when the body has none of these.
 */
export function errorBodyMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body || undefined;
  if (!isRecord(body)) return undefined;
  for (const name of ["message", "detail", "error"]) {
    const value = body[name];
    if (typeof value === "string" && value) return value;
  }
  const { errors = body } = body;
  const lines = isTextList(errors) ? errors : fieldReasons(errors);
  return lines?.length ? lines.join("; ") : undefined;
}

/**
 * `field: a, b` for each field of `value` (under `prefix`); undefined when it is not reasons per field. A field
 * holds a list of reasons, one reason as text, or fields of its own (CDN's `auth.s3_region: …`).
 */
function fieldReasons(value: unknown, prefix = ""): string[] | undefined {
  if (!isRecord(value)) return;
  const lines: string[] = [];
  for (const [field, reasons] of Object.entries(value)) {
    const name = prefix + field;
    const found =
      typeof reasons === "string" || isTextList(reasons)
        ? [`${name}: ${[reasons].flat().join(", ")}`]
        : fieldReasons(reasons, `${name}.`);
    if (!found) return;
    lines.push(...found);
  }
  return lines;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");
