// What the journal never keeps: headers that carry credentials (the common ones and every API-key header the
// spec declares), and any text equal to a key of the tenant, wherever it shows up (headers and bodies).
import type { DocumentModel } from "@cloud-contract/spec/model";

/** Headers that carry credentials in any API. */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "x-api-key", "cookie", "set-cookie"];

/** What stands where a key was. */
export const MASKED = "[redacted]";

const byModel = new WeakMap<DocumentModel, ReadonlySet<string>>();

/** The lower-case names of the headers the journal drops for this spec. */
export function credentialHeaders(model: DocumentModel): ReadonlySet<string> {
  let names = byModel.get(model);
  if (!names) {
    const schemes = Object.values(model.doc.components?.securitySchemes ?? {}) as {
      type?: string;
      in?: string;
      name?: string;
    }[];
    const declared = schemes.filter((s) => s.type === "apiKey" && s.in === "header" && s.name);
    names = new Set([...CREDENTIAL_HEADERS, ...declared.map((s) => String(s.name).toLowerCase())]);
    byModel.set(model, names);
  }
  return names;
}

/** `text` with every occurrence of a secret replaced by {@link MASKED}. */
export function masked(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets)
    if (secret !== "" && out.includes(secret)) out = out.replaceAll(secret, MASKED);
  return out;
}

/** The headers without the credential ones, each value masked; names keep their case. */
export function keptHeaders(
  headers: Record<string, string | number | string[] | undefined>,
  dropped: ReadonlySet<string>,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || dropped.has(name.toLowerCase())) continue;
    out[name] = masked(Array.isArray(value) ? value.join(", ") : String(value), secrets);
  }
  return out;
}
