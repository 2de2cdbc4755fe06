// Every operation refuses, with a documented 4xx in its service's error shape, each request that breaks
// one constraint of its request schema (a bound, an enum, a type, a required field, a pattern, an array
// length): the generator's invalid cases, on every run (at most MAX_BREAKS per operation, the
// shallowest first; `contract-tests generate` sends every one). The hand tables of the area files keep only
// what the generator cannot draw (formats, rules across fields, unknown ids).
import { describe, expect, inject, it } from "vitest";
import { createCoverageModel } from "./coverage-report/model.js";
import type { CaseFailure } from "./generate/engine.js";
import { groupFailures } from "./generate/failure-groups.js";
import { generatorFor } from "./generate/target-generator.js";
import { createJudge } from "./judge.js";
import { recordCoverage, recordOperation, recordRequestsSent } from "./meta.js";
import "./provided.js";
import { requestModels } from "./request-model.js";
import type { OperationId } from "./suite/operations.js";
import { writes } from "./suite/operations.js";

/** Constraints broken per operation on every run, the shallowest first; `generate` breaks them all. */
const MAX_BREAKS = 40;
/** A slow target (a shared sandbox under 16 parallel runs) may take a second per request. */
const TIMEOUT_MS = 180_000;

const ctx = inject("contract");

/**
 * Prism's known limit: it reads a query value that looks like a number (`ordering=12345`, drawn to break
 * a string's type) as valid for a string enum. Only a Prism the run started is excused, and only that.
 */
const prismLimit = (failure: CaseFailure) =>
  ctx.server === "prism" &&
  failure.case.plan.startsWith("breaks type at query/") &&
  (failure.outcome?.status ?? 0) < 300;
const judge = createJudge();
const coverage = createCoverageModel(judge);

describe("requests that break one constraint of the schema", () => {
  it.for(requestModels(judge.doc).map((m) => [m.operationId, m] as const))(
    "%s refuses each with a 4xx",
    { timeout: TIMEOUT_MS },
    async ([operationId, model], t) => {
      if (writes(operationId as OperationId) && !ctx.allowMutations) {
        t.skip(
          `${operationId} writes: if the API wrongly accepted a broken request it would change data; pass --allow-mutations`,
        );
      }
      const generator = generatorFor(ctx, model, judge, coverage, {
        cases: 0,
        seed: 1,
        invalidOnly: true,
        maxBreaks: MAX_BREAKS,
      });
      const result = await generator.run();
      recordOperation(operationId);
      recordCoverage([...result.hits]);
      recordRequestsSent(operationId, result.sent);
      const groups = groupFailures(result.failures.filter((f) => !prismLimit(f))).map(
        (g) => `${g.cause} — ${g.count} case(s), e.g. ${g.minimal.case.plan}: ${g.minimal.reason}`,
      );
      expect(groups, `${operationId}: broken requests not refused:\n${groups.join("\n")}`).toEqual([]);
    },
  );
});
