// The records one shard saves (`--shard i/n`), small and by hand, with a change applied: for the tests of
// what merge refuses to read.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunRecords } from "../reports/records.js";

export function shardRecords(index: number, count: number): RunRecords {
  return {
    run: { name: "contract", target: "sandbox", specHash: "0123456789abcdef", shard: { index, count } },
    operations: [{ operationId: "getTask", method: "GET", path: "/cloud/v1/tasks/{task_id}" }],
    tests: [
      {
        name: `getTask > shard ${index}`,
        file: `src/shard-${index}.contract.test.ts`,
        state: "passed",
        errors: [],
        durationMs: 1,
        meta: {
          operations: ["getTask"],
          violations: [],
          prismProblems: [],
          coverage: ["getTask"],
          requestsSent: { getTask: 1 },
        },
      },
    ],
    unhandledErrors: [],
    coverage: {
      documented: {
        operations: ["getTask"],
        statuses: [],
        oneOfBranches: [],
        enumValues: [],
        linksFollowed: [],
      },
      hits: ["getTask"],
    },
  };
}

/** Writes shard `index`/`count` into `dir`; `recordsText` replaces the records' JSON text. Returns the records' file. */
export function writeShard(dir: string, index: number, count: number, recordsText?: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `contract-sandbox.shard-${index}-of-${count}.records.json`);
  writeFileSync(file, recordsText ?? JSON.stringify(shardRecords(index, count)));
  return file;
}

/** The JSON text of shard 2/2's records with the value at `path` (keys and array indexes) replaced. */
export function shardRecordsWith(path: ReadonlyArray<string | number>, value: unknown): string {
  const records: Record<string | number, unknown> = shardRecords(2, 2) as never;
  let at = records;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = value;
  return JSON.stringify(records);
}
