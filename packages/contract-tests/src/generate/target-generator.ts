// A generator of one operation's cases aimed at the run's target: its base URL and key, Prism's own
// answers excused when the run started Prism, path parameters from the target's ids.
import type { ContractContext } from "../context.js";
import type { CoverageModel } from "../coverage-report/model.js";
import type { Judge } from "../judge.js";
import type { RequestModel } from "../request-model.js";
import { targetFixtures } from "../suite/requests.js";
import { type GenerateOptions, OperationGenerator } from "./engine.js";

export function generatorFor(
  ctx: ContractContext,
  model: RequestModel,
  judge: Judge,
  coverage: CoverageModel,
  options: Omit<GenerateOptions, "pathParams">,
): OperationGenerator {
  return new OperationGenerator(
    judge.doc,
    model,
    judge,
    coverage,
    { baseUrl: ctx.baseUrl, apiKey: ctx.apiKey, acceptPrismProblems: ctx.server === "prism" },
    {
      ...options,
      pathParams: judge.model.sampleRequest(model.operationId, targetFixtures(ctx)).pathParameters,
    },
  );
}
