// The exchanges of HAR files (as `contract-tests record` writes them), in the order they started, with
// the operation each one called (the spec's router) and its request and answer parsed.
import { parseBody } from "../body.js";
import { messageOf } from "../error-message.js";
import type { Judge } from "../judge.js";
import type { RecordedEntry } from "../record/har.js";
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
}

function entriesOf(paths: readonly string[]): Array<{ file: string; entries: RecordedEntry[] }> {
  const { files, unreadable } = harFiles(paths);
  const [missing] = unreadable;
  if (missing) throw new Error(`${missing.file}: ${missing.reason}`);
  return files.map((file) => {
    try {
      return { file, entries: readHar(file) };
    } catch (error) {
      throw new Error(`${file}: ${messageOf(error)}`);
    }
  });
}

/** Reads HAR files (or directories of them); throws naming a path that is missing or not a HAR log. */
export function readRecording(paths: readonly string[], judge: Judge): Recording {
  const recording: Recording = { exchanges: [], outsideSpec: 0, files: [] };
  for (const { file, entries } of entriesOf(paths)) {
    recording.files.push(file);
    entries.forEach((entry, n) => {
      const url = new URL(entry.request.url);
      const route = judge.route(entry.request.method, url.pathname);
      if (!route) {
        recording.outsideSpec++;
        return;
      }
      const header = (name: string) =>
        entry.request.headers.find((h) => h.name.toLowerCase() === name)?.value;
      recording.exchanges.push({
        where: `${file}#${n}`,
        startedAt: Date.parse(entry.startedDateTime),
        waitMs: Math.max(0, entry.timings?.wait ?? entry.time ?? 0),
        operationId: route.operation.operationId,
        method: entry.request.method,
        path: url.pathname,
        query: [...url.searchParams],
        authorization: header("authorization"),
        requestBody: entry.request.postData
          ? parseBody(entry.request.postData.mimeType, entry.request.postData.text ?? "")
          : undefined,
        status: entry.response.status,
        body: parseBody(entry.response.content.mimeType, entry.response.content.text ?? ""),
      });
    });
  }
  // Stable: exchanges that started in the same millisecond keep the order they were written in.
  recording.exchanges.sort((a, b) => a.startedAt - b.startedAt);
  return recording;
}
