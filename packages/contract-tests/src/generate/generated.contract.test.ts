// Generated cases on a contract run (`--generated N` or the generate command): per operation, steered
// and random valid requests and requests that break one constraint each (see engine.ts). Failures are
// grouped by cause; each group's smallest case is printed as a curl line, saved for
// `contract-tests replay-case FILE` and kept as a vitest file (one of each per group).
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { cliCommand, shownPath } from "../cli-hint.js";
import { createCoverageModel } from "../coverage-report/model.js";
import { createJudge } from "../judge.js";
import { recordCoverage, recordOperation, recordRequestsSent } from "../meta.js";
import "../provided.js";
import { keepFailure } from "../kept/kept-test-file.js";
import { requestModels } from "../request-model.js";
import { savedTargetOf } from "../saved-target.js";
import { groupFailures } from "./failure-groups.js";
import { curlLine, saveCase } from "./request-case.js";
import { generatorFor } from "./target-generator.js";

const ctx = inject("contract");
const run = inject("run");
const settings = run.generate;
const judge = createJudge();
const coverage = createCoverageModel(judge);
const models = requestModels(judge.doc).filter(
  (m) => settings.operations.length === 0 || settings.operations.includes(m.operationId),
);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

describe("generated cases", () => {
  it.for(models.map((m) => [m.operationId, m] as const))(
    "%s keeps the contract for generated requests",
    async ([operationId, model], t) => {
      // On the real API (and a url target run read-only) only reads are generated.
      if (model.method !== "GET" && !ctx.allowMutations) {
        t.skip(`${operationId} changes data; generated cases send it only with --allow-mutations`);
      }
      const generator = generatorFor(ctx, model, judge, coverage, {
        cases: settings.cases,
        seed: settings.seed,
      });
      const result = await generator.run();
      recordOperation(operationId);
      recordCoverage([...result.hits]);
      recordRequestsSent(operationId, result.sent);
      const groups = groupFailures(result.failures);
      const reports = groups.map((group, n) => {
        const name = `${n + 1}-${slug(group.cause)}`;
        const { case: minimal, outcome, reason } = group.minimal;
        const file = shownPath(
          saveCase(join(run.files.cases, operationId), minimal, name, savedTargetOf(ctx)),
          run.cwd,
        );
        const curl = curlLine(ctx.baseUrl, minimal, run.apiKeyVariable);
        const kept =
          outcome &&
          keepFailure(
            run.files.kept,
            `${operationId}-${name}`,
            { case: minimal, outcome, failure: reason },
            `generate, seed ${settings.seed}`,
            { ...savedTargetOf(ctx), ...(run.apiKeyVariable ? { keyVariable: run.apiKeyVariable } : {}) },
          ).file;
        const keptShown = kept && shownPath(kept, run.cwd);
        return [
          `${n + 1}. ${group.cause} — ${group.count} failing case(s); the smallest (${minimal.plan}): ${reason}`,
          `   ${curl}`,
          `   saved: ${file} — run it again with: ${cliCommand(["replay-case", file], run.cwd)}`,
          ...(keptShown
            ? [`   kept: ${keptShown} — run it with: ${cliCommand(["kept", keptShown], run.cwd)}`]
            : []),
        ].join("\n");
      });
      // The groups are the failure's message, printed once (no diff of them beside it).
      if (reports.length > 0) {
        expect.fail(
          `${operationId}: ${result.failures.length} failing generated case(s) of ${result.sent} requests, ${groups.length} cause(s):\n${reports.join("\n")}`,
        );
      }
      expect(result.goals.missed, `${operationId}: goals no valid case reached`).toEqual([]);
    },
  );
});
