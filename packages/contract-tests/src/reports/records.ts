// What every engine (the suite's reporter, generate, stateful, replay, parity, merge, a skipped run) hands
// to the one report writer: the run's identity, the operations of the spec, its test records, what it
// covered and what it adds. A shard saves them as they are, and `merge` joins the shards' records.
import type { CoverageKind } from "../coverage-report/model.js";
import type { RunMeta, TestRecord } from "../summary.js";

export interface RunRecords {
  run: RunMeta;
  /** The operations of the spec; each appears in the summary even without tests. */
  operations: ReadonlyArray<{ operationId: string; method: string; path: string }>;
  tests: readonly TestRecord[];
  /** Errors outside any test (vitest's unhandled errors), first lines. */
  unhandledErrors?: readonly string[];
  /** What the spec documents per kind and the items the run exercised; absent when it measures none. */
  coverage?: { documented: Record<CoverageKind, readonly string[]>; hits: readonly string[] };
  /** Why no test ran on purpose (a target not configured). */
  skipped?: { reason: string; missing?: readonly string[] };
  /** What the command adds to its checks (stateful: seed, links followed, the case file; parity: differences). */
  details?: Record<string, unknown>;
}

/** The tests grouped by file in a fixed order (a file's own order kept), so shards merge to the run's order. */
export function inFileOrder(tests: readonly TestRecord[]): TestRecord[] {
  return [...tests].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
