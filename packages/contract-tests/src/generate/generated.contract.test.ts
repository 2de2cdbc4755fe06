// Generated cases on a contract run (`--generated N` or the generate command): per operation, steered
// and random valid requests and requests that break one constraint each (see engine.ts). A failure is
// shrunk, printed as a curl line without the key and saved for `contract-tests replay-case FILE`.
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createCoverageModel } from "../coverage-report/model.js";
import { createJudge } from "../judge.js";
import { recordCoverage, recordOperation } from "../meta.js";
import { requestModels } from "../request-model.js";
import { UNKNOWN_TASK_ID } from "../suite/requests.js";
import { pathParameters } from "../target-session.js";
import { OperationGenerator } from "./engine.js";
import { curlLine, saveCase } from "./request-case.js";
import { readGenerateSettings } from "./settings.js";

const ctx = inject("contract");
const settings = readGenerateSettings(process.env);
const judge = createJudge();
const coverage = createCoverageModel(judge);
const casesDir = join(process.env.CONTRACT_REPORTS_DIR?.trim() || "reports", "cases");
const models = requestModels(judge.doc).filter(
  (m) => settings.operations.length === 0 || settings.operations.includes(m.operationId),
);

describe("generated cases", () => {
  it.for(models.map((m) => [m.operationId, m] as const))(
    "%s keeps the contract for generated requests",
    async ([operationId, model], t) => {
      // On the real API (and a url target run read-only) only reads are generated.
      if (model.method !== "GET" && !ctx.allowMutations) {
        t.skip(`${operationId} changes data; generated cases send it only with CONTRACT_ALLOW_MUTATIONS=1`);
      }
      const generator = new OperationGenerator(
        judge.doc,
        model,
        judge,
        coverage,
        { baseUrl: ctx.baseUrl, apiKey: ctx.apiKey, acceptPrismProblems: ctx.server === "prism" },
        { cases: settings.cases, seed: settings.seed, pathParams: pathParameters(ctx, UNKNOWN_TASK_ID) },
      );
      const run = await generator.run();
      recordOperation(operationId);
      recordCoverage([...run.hits]);
      const reports = run.failures.map((failure, n) => {
        const file = saveCase(
          casesDir,
          failure.case,
          `${operationId}-${failure.case.kind}-${failure.case.seed}-${n + 1}`,
        );
        return [
          `${failure.case.kind} case (${failure.case.plan}): ${failure.reason}`,
          `  ${curlLine(ctx.baseUrl, failure.case)}`,
          `  saved: ${file} — run it again with: contract-tests replay-case ${file}`,
        ].join("\n");
      });
      expect(
        reports,
        `${operationId}: ${run.failures.length} generated case(s) broke the contract:\n${reports.join("\n")}`,
      ).toEqual([]);
      expect(run.goals.missed, `${operationId}: goals no valid case reached`).toEqual([]);
    },
  );
});
