// Every operation answers its sample request (the spec model's: the examples of its body and required
// parameters, the target's ids in its path) with one of its documented successes, keeping the contract. So a
// new operation's plain success needs no test of its own; `<area>.contract.test.ts` files hold what a sample
// cannot show (other parameters, state across calls, refusals the generator cannot draw).
import { describe, it, type TestContext } from "vitest";
import type { TargetFixtures } from "./context.js";
import { needFixture, needMutations } from "./suite/gates.js";
import { useHarness } from "./suite/harness.js";
import { OPERATION_IDS, type OperationId, writes } from "./suite/operations.js";
import { sampleCall } from "./suite/requests.js";

const h = useHarness();

/** Skips when a path parameter takes a resource the target does not name (its ids it always has). */
function needPathResources(t: TestContext, operationId: OperationId): void {
  for (const { in: where, fixture } of h.judge.model.operation(operationId).parameters) {
    if (where === "path" && fixture !== undefined && !(fixture in h.ctx.ids)) {
      needFixture(t, h.ctx, fixture as keyof TargetFixtures);
    }
  }
}

for (const operationId of OPERATION_IDS) {
  const successes = Object.keys(h.judge.model.operation(operationId).responses)
    .filter((status) => status.startsWith("2"))
    .map(Number);
  describe(h.label(operationId), () => {
    it(`answers its sample request with ${successes.join(" or ")}`, async (t) => {
      if (writes(operationId)) needMutations(t, h.ctx, `what ${operationId} changes`);
      needPathResources(t, operationId);
      await h.ok(operationId, sampleCall(operationId, h.client, h.ctx), successes);
    });
  });
}
