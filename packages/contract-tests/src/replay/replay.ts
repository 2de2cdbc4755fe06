// Judges recorded exchanges (HAR logs of the record proxy, or any HAR 1.2 log) against the current spec,
// offline: a CI without credentials still checks the contract against real answers. Takes files and
// folders; a file or an entry it cannot read is named (`file#n`) and skipped; every exchange becomes a test
// record, so replay writes the same reports as a run.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseBody } from "../body.js";
import type { CoverageModel } from "../coverage-report/model.js";
import { codeOf, messageOf, oneLine } from "../error-message.js";
import type { Outcome, RequestCase } from "../generate/request-case.js";
import type { Judge } from "../judge.js";
import { recordedViolations, type TestRecord } from "../summary.js";
import { type ReadEntry, readEntry } from "./har-entry.js";

export interface ReplayResult {
  /** HAR files read. */
  files: number;
  exchanges: number;
  /** Files, and entries of files (`file#n`), that could not be read, each with the reason. */
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

/** The entries of one HAR 1.2 file, each still to be checked (readEntry); throws saying what is wrong with it. */
export function readHar(file: string): unknown[] {
  let har: { log?: { version?: unknown; entries?: unknown } } | null;
  try {
    har = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(
      oneLine(error instanceof SyntaxError ? `not JSON (truncated?): ${error.message}` : messageOf(error)),
    );
  }
  if (har?.log?.version !== "1.2" || !Array.isArray(har.log.entries)) throw new Error("not a HAR 1.2 log");
  return har.log.entries;
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
    let entries: unknown[];
    try {
      entries = readHar(file);
    } catch (error) {
      result.unreadable.push({ file, reason: messageOf(error) });
      continue;
    }
    result.files++;
    entries.forEach((raw, index) => {
      const where = `${file}#${index}`;
      try {
        judgeEntry(readEntry(raw), file, index, judge, result, coverage);
        result.exchanges++;
      } catch (error) {
        // Anything about this entry that cannot be read or judged (a field of the wrong type, JSON too
        // deep to validate) skips it by name; the others are judged.
        result.unreadable.push({ file: where, reason: oneLine(messageOf(error)) });
      }
    });
  }
  return result;
}

/** Judges one recorded exchange into `result`: a test record, its hits, and the case to keep when it broke. */
function judgeEntry(
  entry: ReadEntry,
  file: string,
  index: number,
  judge: Judge,
  result: ReplayResult,
  coverage: CoverageModel | undefined,
): void {
  const where = `${file}#${index}`;
  const { url } = entry;
  const match = judge.route(entry.method, url.pathname);
  const name = `${entry.method} ${url.pathname} → ${entry.status} (#${index})`;
  if (!match) {
    if (entry.operationId === undefined) {
      result.unknown.push(`${entry.method} ${url.href} (${where})`);
      result.tests.push({ name, file, state: "skipped", note: "not in the spec", errors: [] });
    } else {
      const error = `${entry.operationId} (${entry.method} ${url.pathname}): recorded as this operation, but no operation of the spec answers it`;
      result.tests.push({ name: `${entry.operationId} ${name}`, file, state: "failed", errors: [error] });
    }
    return;
  }
  const { operationId } = match.operation;
  const { contentType } = entry;
  const answer = parseBody(contentType, entry.responseText);
  const verdict = judge.checkResponse(operationId, entry.status, contentType, answer);
  const failed = verdict.violations.length > 0;
  const body = entry.requestBody ? parseBody(entry.requestBody.mimeType, entry.requestBody.text) : undefined;
  const hits = coverage?.hitsOf({
    operationId,
    query: url.searchParams,
    body,
    documentedAs: verdict.documentedAs,
  });
  if (failed) {
    result.broken.push({
      where,
      baseUrl: url.origin,
      case: {
        kind: "valid",
        operationId,
        method: entry.method,
        path: url.pathname,
        query: [...url.searchParams],
        ...(body === undefined ? {} : { body }),
        plan: "recorded",
        seed: 0,
      },
      outcome: { status: entry.status, contentType, body: answer, verdict, prismProblem: false },
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
  for (const hit of hits ?? []) result.hits.add(hit);
}
