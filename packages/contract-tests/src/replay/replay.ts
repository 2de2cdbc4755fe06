// Judges recorded exchanges (HAR logs of the record proxy, or any HAR 1.2 log) against the current spec,
// offline: a CI without credentials still checks the contract against real answers.
import { parseBody } from "../body.js";
import type { CoverageModel } from "../coverage-report/model.js";
import { describeVerdict, type Judge } from "../judge.js";
import { readHarDir } from "../record/har.js";

export interface ReplayProblem {
  /** `recording-….har#12` */
  where: string;
  operationId?: string;
  /** One line per violation: operation, status, JSON pointer, message and value. */
  text: string;
}

export interface ReplayResult {
  files: number;
  exchanges: number;
  /** Exchanges of routes the spec does not have and that were not recorded as an operation. */
  unknownRoutes: number;
  problems: ReplayProblem[];
  /** Coverage items the recorded exchanges exercised. */
  hits: Set<string>;
}

function header(headers: ReadonlyArray<{ name: string; value: string }>, name: string): string | null {
  return headers.find((h) => h.name.toLowerCase() === name)?.value ?? null;
}

export function replayRecordings(
  dirs: readonly string[],
  judge: Judge,
  coverage?: CoverageModel,
): ReplayResult {
  const result: ReplayResult = { files: 0, exchanges: 0, unknownRoutes: 0, problems: [], hits: new Set() };
  for (const dir of dirs) {
    for (const { file, entries } of readHarDir(dir)) {
      result.files++;
      entries.forEach((entry, index) => {
        result.exchanges++;
        const where = `${file}#${index}`;
        const url = new URL(entry.request.url);
        const match = judge.route(entry.request.method, url.pathname);
        if (!match) {
          if (entry._operationId === undefined) result.unknownRoutes++;
          else
            result.problems.push({
              where,
              operationId: entry._operationId,
              text: `${entry._operationId} (${entry.request.method} ${url.pathname}): recorded as this operation, but no operation of the spec answers it`,
            });
          return;
        }
        const { operationId } = match.operation;
        const contentType =
          header(entry.response.headers, "content-type") ?? (entry.response.content.mimeType || null);
        const verdict = judge.checkResponse(
          operationId,
          entry.response.status,
          contentType,
          parseBody(contentType, entry.response.content.text ?? ""),
        );
        if (verdict.violations.length > 0) {
          result.problems.push({ where, operationId, text: describeVerdict(verdict) });
        }
        if (coverage) {
          const body = entry.request.postData
            ? parseBody(entry.request.postData.mimeType, entry.request.postData.text ?? "")
            : undefined;
          for (const hit of coverage.hitsOf({
            operationId,
            query: url.searchParams,
            body,
            documentedAs: verdict.documentedAs,
          })) {
            result.hits.add(hit);
          }
        }
      });
    }
  }
  return result;
}
