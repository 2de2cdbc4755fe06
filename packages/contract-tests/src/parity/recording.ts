// The exchanges of HAR files (as `contract-tests record` writes them), in the order they started, with
// the operation each one called (the spec's router) and its request and answer parsed. A file or an entry
// that cannot be read is named (`file#n`) and left out; the rest are compared.
import { parseBody } from "../body.js";
import { messageOf, oneLine } from "../error-message.js";
import type { Judge } from "../judge.js";
import { readEntry } from "../replay/har-entry.js";
import { harFiles, readHar } from "../replay/replay.js";

export interface RecordedExchange {
  /** Where it was recorded: `file#entry`. */
  where: string;
  startedAt: number;
  /** Time to the answer's first byte, in ms: the recorded server handled the request within it. */
  waitMs: number;
  operationId: string;
  method: string;
  path: string;
  query: Array<[string, string]>;
  /** The Authorization header as recorded (its key redacted), undefined when none was sent. */
  authorization: string | undefined;
  requestBody: unknown;
  status: number;
  body: unknown;
}

export interface Recording {
  exchanges: RecordedExchange[];
  /** Entries whose route is not in the spec (left out). */
  outsideSpec: number;
  files: string[];
  /** Files and entries (`file#n`) that could not be read (left out), each with the reason. */
  unreadable: Array<{ file: string; reason: string }>;
}

/** Reads HAR files (or directories of them); a path, file or entry that cannot be read is named in `unreadable`. */
export function readRecording(paths: readonly string[], judge: Judge): Recording {
  const { files, unreadable } = harFiles(paths);
  const recording: Recording = { exchanges: [], outsideSpec: 0, files: [], unreadable };
  for (const file of files) {
    let entries: unknown[];
    try {
      entries = readHar(file);
    } catch (error) {
      unreadable.push({ file, reason: messageOf(error) });
      continue;
    }
    recording.files.push(file);
    entries.forEach((raw, n) => {
      try {
        const entry = readEntry(raw);
        const route = judge.route(entry.method, entry.url.pathname);
        if (!route) {
          recording.outsideSpec++;
          return;
        }
        recording.exchanges.push({
          where: `${file}#${n}`,
          startedAt: entry.startedAt,
          waitMs: entry.waitMs,
          operationId: route.operation.operationId,
          method: entry.method,
          path: entry.url.pathname,
          query: [...entry.url.searchParams],
          authorization: entry.requestHeaders.find((h) => h.name.toLowerCase() === "authorization")?.value,
          requestBody: entry.requestBody
            ? parseBody(entry.requestBody.mimeType, entry.requestBody.text)
            : undefined,
          status: entry.status,
          body: parseBody(entry.contentType, entry.responseText),
        });
      } catch (error) {
        unreadable.push({ file: `${file}#${n}`, reason: oneLine(messageOf(error)) });
      }
    });
  }
  // Stable: exchanges that started in the same millisecond keep the order they were written in.
  recording.exchanges.sort((a, b) => a.startedAt - b.startedAt);
  return recording;
}
