// The generate command's generators for every operation, aimed at a sandbox with its seeded fixtures: what
// the benches time.
import { SANDBOX_API_KEY, SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { createCoverageModel } from "../dist/coverage-report/model.js";
import { OperationGenerator } from "../dist/generate/engine.js";
import { requestModels } from "../dist/request-model.js";

/** One generator per operation of `judge`'s spec, sending `cases` random cases each with `seed` to `baseUrl`. */
export function sandboxGenerators(judge, baseUrl, seed, cases = 30) {
  const coverage = createCoverageModel(judge);
  // The path of each operation's sample request on the sandbox: its fixtures, the finished task for a task id.
  const pathParams = (operationId) => judge.model.sampleRequest(operationId, SANDBOX_FIXTURES).pathParameters;
  return requestModels(judge.doc).map(
    (model) =>
      new OperationGenerator(
        judge.doc,
        model,
        judge,
        coverage,
        { baseUrl, apiKey: SANDBOX_API_KEY, acceptPrismProblems: false },
        { cases, seed, pathParams: pathParams(model.operationId) },
      ),
  );
}
