// Judges recorded exchanges (HAR logs of the record proxy, or any HAR 1.2 log) against the current spec,
// offline: a CI without credentials still checks the contract against real answers. Takes files and
// folders; a file it cannot read is named and skipped; every exchange becomes a test record, so replay
// writes the same reports as a run.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseBody } from "../body.js";
import type { CoverageModel } from "../coverage-report/model.js";
import { codeOf, messageOf } from "../error-message.js";
import type { Outcome, RequestCase } from "../generate/request-case.js";
import type { Judge } from "../judge.js";
import type { Har, RecordedEntry } from "../record/har.js";
import { recordedViolations, type TestRecord } from "../summary.js";

export interface ReplayResult {
  /** HAR files read. */
  files: number;
  exchanges: number;
  /** Files that could not be read, each with the reason. */
  unreadable: Array<{ file: string; reason: string }>;
  /** Exchanges of routes the spec does not have: `METHOD url (file#index)`. */
  unknown: string[];
  /** One record per exchange: passed, failed (with its violations) or skipped (not in the spec). */
  tests: TestRecord[];
  /** Coverage items the recorded exchanges exercised. */
  hits: Set<string>;
  /** Each exchange whose answer broke the contract, as a case to keep: the request, where it went, the answer. */
  broken: BrokenExchange[];
}

export interface BrokenExchange {
  /** `file#index`. */
  where: string;
  /** The origin the request was recorded against. */
  baseUrl: string;
  case: RequestCase;
  outcome: Outcome;
  failure: string;
}

function header(headers: ReadonlyArray<{ name: string; value: string }>, name: string): string | null {
  return headers.find((h) => h.name.toLowerCase() === name)?.value ?? null;
}

/** The HAR files named: a file as it is, a folder's `*.har` files (sorted). */
export function harFiles(paths: readonly string[]): {
  files: string[];
  unreadable: ReplayResult["unreadable"];
} {
  const files: string[] = [];
  const unreadable: ReplayResult["unreadable"] = [];
  for (const path of paths) {
    try {
      if (statSync(path).isDirectory()) {
        files.push(
          ...readdirSync(path)
            .filter((name) => name.endsWith(".har"))
            .sort()
            .map((name) => join(path, name)),
        );
      } else files.push(path);
    } catch (error) {
      unreadable.push({
        file: path,
        reason: codeOf(error),
      });
    }
  }
  return { files, unreadable };
}

/** The entries of one HAR 1.2 file; throws saying what is wrong with it. */
export function readHar(file: string): RecordedEntry[] {
  let har: Har;
  try {
    har = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(
      error instanceof SyntaxError ? `not JSON (truncated?): ${error.message}` : messageOf(error),
    );
  }
  if (har?.log?.version !== "1.2" || !Array.isArray(har.log.entries)) throw new Error("not a HAR 1.2 log");
  return har.log.entries as RecordedEntry[];
}

export function replayRecordings(
  paths: readonly string[],
  judge: Judge,
  coverage?: CoverageModel,
): ReplayResult {
  const { files, unreadable } = harFiles(paths);
  const result: ReplayResult = {
    files: 0,
    exchanges: 0,
    unreadable,
    unknown: [],
    tests: [],
    hits: new Set(),
    broken: [],
  };
  for (const file of files) {
    let entries: RecordedEntry[];
    try {
      entries = readHar(file);
    } catch (error) {
      result.unreadable.push({ file, reason: messageOf(error) });
      continue;
    }
    result.files++;
    entries.forEach((entry, index) => {
      result.exchanges++;
      const where = `${file}#${index}`;
      const url = new URL(entry.request.url);
      const match = judge.route(entry.request.method, url.pathname);
      const name = `${entry.request.method} ${url.pathname} → ${entry.response.status} (#${index})`;
      if (!match) {
        if (entry._operationId === undefined) {
          result.unknown.push(`${entry.request.method} ${entry.request.url} (${where})`);
          result.tests.push({ name, file, state: "skipped", note: "not in the spec", errors: [] });
        } else {
          const error = `${entry._operationId} (${entry.request.method} ${url.pathname}): recorded as this operation, but no operation of the spec answers it`;
          result.tests.push({
            name: `${entry._operationId} ${name}`,
            file,
            state: "failed",
            errors: [error],
          });
        }
        return;
      }
      const { operationId } = match.operation;
      const contentType =
        header(entry.response.headers, "content-type") ?? (entry.response.content.mimeType || null);
      const answer = parseBody(contentType, entry.response.content.text ?? "");
      const verdict = judge.checkResponse(operationId, entry.response.status, contentType, answer);
      const failed = verdict.violations.length > 0;
      const body = entry.request.postData
        ? parseBody(entry.request.postData.mimeType, entry.request.postData.text ?? "")
        : undefined;
      if (failed) {
        result.broken.push({
          where,
          baseUrl: url.origin,
          case: {
            kind: "valid",
            operationId,
            method: entry.request.method,
            path: url.pathname,
            query: [...url.searchParams],
            ...(body === undefined ? {} : { body }),
            plan: "recorded",
            seed: 0,
          },
          outcome: { status: entry.response.status, contentType, body: answer, verdict, prismProblem: false },
          failure: judge.describe(verdict),
        });
      }
      result.tests.push({
        name: `${operationId} ${name}`,
        file,
        state: failed ? "failed" : "passed",
        errors: failed ? judge.describe(verdict).split("\n") : [],
        meta: {
          operations: [operationId],
          prismProblems: [],
          violations: recordedViolations(verdict, match.operation),
        },
      });
      if (coverage) {
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
  return result;
}
