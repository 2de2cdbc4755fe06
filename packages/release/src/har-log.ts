// The consumers' HAR 1.2 logs as the gate reads them: only the fields it judges, so that reading them needs
// nothing but the spec model (the gate runs before any package is built).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mediaType } from "@cloud-contract/spec/document";
import { errorMessage } from "./unknown-values.js";

interface NameValue {
  name: string;
  value: string;
}

/** One recorded exchange: what the gate reads of a HAR entry. */
export interface HarEntry {
  request: {
    method: string;
    url: string;
    headers: NameValue[];
    postData?: { mimeType?: string; text?: string };
  };
  response: {
    status: number;
    headers: NameValue[];
    content: { mimeType?: string; text?: string };
  };
  /** The operation the recorder saw answer it (`contract-tests record` writes it). */
  _operationId?: string;
}

/** A team's folder: each `*.har` file with its entries, or the reason it could not be read. */
export type TeamLog = { file: string; entries: HarEntry[] } | { file: string; unreadable: string };

export function readTeamLogs(folder: string): TeamLog[] {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith(".har"))
    .sort();
  return names.map((name) => {
    const file = join(folder, name);
    try {
      return { file, entries: entriesOf(readFileSync(file, "utf8")) };
    } catch (error) {
      return { file, unreadable: errorMessage(error) };
    }
  });
}

function entriesOf(text: string): HarEntry[] {
  let log: { log?: { version?: unknown; entries?: unknown } };
  try {
    log = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (truncated?): ${errorMessage(error)}`);
  }
  if (log?.log?.version !== "1.2" || !Array.isArray(log.log.entries)) throw new Error("not a HAR 1.2 log");
  return log.log.entries as HarEntry[];
}

/** A header's value (names compared in lower case), null when absent. */
export const headerOf = (headers: readonly NameValue[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value ?? null;

/** A recorded body as the contract reads it: JSON when the media type says so and it parses, else the text. */
export function recordedBody(contentType: string | null | undefined, text: string | undefined): unknown {
  if (text === undefined || text === "") return undefined;
  if (!/json/.test(mediaType(contentType) ?? "")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
