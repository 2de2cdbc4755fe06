import { describe, expect, it } from "vitest";
import { reportFiles } from "../report-files.js";
import { summarize, type TestRecord } from "../summary.js";
import { closingLines } from "./closing-lines.js";

const operations = [
  { operationId: "getTask", method: "GET", path: "/t/{id}" },
  { operationId: "listActiveTasks", method: "GET", path: "/t" },
];
const skipped = (name: string, note: string, meta?: string[]): TestRecord => ({
  name,
  file: "a.contract.test.ts",
  state: "skipped",
  note,
  errors: [],
  ...(meta ? { meta: { operations: meta, violations: [], prismProblems: [] } } : {}),
});

describe("closingLines", () => {
  it("names the reports relative to the working directory, and as they are outside it", () => {
    const summary = summarize({ target: "prism", operations, tests: [] });
    const files = reportFiles("/w/reports", "contract", "prism");
    expect(closingLines(summary, [], undefined, files, "/w")[0]).toBe(
      "reports: reports/contract-prism.json, reports/contract-prism.xml",
    );
    expect(closingLines(summary, [], undefined, files, "/elsewhere")[0]).toBe(
      "reports: /w/reports/contract-prism.json, /w/reports/contract-prism.xml",
    );
  });

  it("groups the skips by reason (a test of two operations counted once), most first, and ends with the verdict", () => {
    const tests: TestRecord[] = [
      skipped("getTask > a", "Prism limitation: no state"),
      skipped("listActiveTasks > b", "Prism limitation: no state"),
      skipped("both", "Prism limitation: no state", ["getTask", "listActiveTasks"]),
      skipped("getTask > c", "needs --allow-mutations"),
      skipped("on its own", "tied to nothing"),
      { name: "getTask > d", file: "a.contract.test.ts", state: "passed", errors: [] },
    ];
    const summary = summarize({ target: "prism", operations, tests });
    const files = reportFiles("/r", "contract", "prism");
    expect(closingLines(summary, tests, undefined, files, "/w")).toEqual([
      "reports: /r/contract-prism.json, /r/contract-prism.xml",
      "skipped 5, by reason:",
      "  3 × Prism limitation: no state",
      "  1 × needs --allow-mutations",
      "  1 × tied to nothing",
      "verdict: passed (1 passed, 0 failed, 5 skipped)",
    ]);
  });
});
