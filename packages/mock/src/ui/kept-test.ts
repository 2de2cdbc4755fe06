// A journal entry kept as a vitest file that sends the same request again and expects the same kind of
// answer: its status, the fields its body had and, for a refusal, the same fields refused. It needs nothing
// but vitest and the sandbox: SANDBOX_URL (default: where it was kept) and SANDBOX_API_KEY (default: the
// sandbox's public key; a tenant's key is never written into it). Recorded values are written as JSON only.
import type { JournalEntry } from "../sandbox/control/schema.js";

/** What a kept exchange expects, beside the request. */
interface KeptExchange {
  from: string;
  operationId: string;
  method: string;
  path: string;
  query: string;
  contentType: string | null;
  body: string | null;
  status: number;
  /** The top-level fields of the recorded JSON answer, each expected again. */
  fields: string[];
  /** The fields a refusal named in `invalid_fields`, expected again. */
  invalidFields: string[];
}

function recordedJson(entry: JournalEntry): unknown {
  if (entry.answer.body === null || entry.answer.truncated) return undefined;
  try {
    return JSON.parse(entry.answer.body);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The kept form of an entry, recorded at `baseUrl`. */
export function keptExchange(entry: JournalEntry, baseUrl: string): KeptExchange {
  const answer = recordedJson(entry);
  const invalid = isObject(answer) && isObject(answer.invalid_fields) ? answer.invalid_fields : {};
  return {
    from: baseUrl,
    operationId: entry.operation_id,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    contentType: entry.request.headers["content-type"] ?? null,
    body: entry.request.truncated ? null : entry.request.body,
    status: entry.status,
    fields: isObject(answer) ? Object.keys(answer).sort() : [],
    invalidFields: Object.keys(invalid).sort(),
  };
}

/** The file's name: `getTask-200-12.test.ts`. */
export const keptTestName = (entry: JournalEntry) =>
  `${entry.operation_id}-${entry.status}-${entry.id}.test.ts`;

/** The vitest file keeping `entry` (recorded at `baseUrl`). */
export function keptTestFile(entry: JournalEntry, baseUrl: string): string {
  const kept = keptExchange(entry, baseUrl);
  const title = `${kept.operationId}: ${kept.method} ${kept.path} answers ${kept.status} again`;
  return [
    `// Kept from the sandbox console: ${JSON.stringify(title)} (journal call ${entry.id}, verdict ${entry.verdict.breach}).`,
    "// Run: SANDBOX_URL=<sandbox> SANDBOX_API_KEY=<key> npx vitest run <this file>",
    ...(entry.request.truncated
      ? ["// The request's body was longer than the journal keeps (8 KiB): it is sent without one."]
      : []),
    'import { expect, it } from "vitest";',
    "",
    `const kept = ${JSON.stringify(kept, null, 2)};`,
    "",
    `it(${JSON.stringify(title)}, async () => {`,
    "  const baseUrl = process.env.SANDBOX_URL ?? kept.from;",
    '  const key = process.env.SANDBOX_API_KEY ?? "sandbox-api-key";',
    '  const url = baseUrl + kept.path + (kept.query ? "?" + kept.query : "");',
    "  const res = await fetch(url, {",
    "    method: kept.method,",
    "    headers: {",
    '      Authorization: "apikey " + key,',
    '      ...(kept.contentType ? { "Content-Type": kept.contentType } : {}),',
    "    },",
    "    ...(kept.body === null ? {} : { body: kept.body }),",
    "  });",
    "  const text = await res.text();",
    "  expect(res.status, text).toBe(kept.status);",
    "  const answer = text ? JSON.parse(text) : undefined;",
    "  if (kept.fields.length > 0) expect(Object.keys(answer).sort()).toEqual(expect.arrayContaining(kept.fields));",
    "  if (kept.invalidFields.length > 0) expect(Object.keys(answer.invalid_fields).sort()).toEqual(kept.invalidFields);",
    "});",
    "",
  ].join("\n");
}

/** Offers `text` as a download named `name`, of media type `type`. */
export function download(name: string, text: string, type = "text/typescript"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
