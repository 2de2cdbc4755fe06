// Skips with a reason: every test that cannot run on a target says why, in the console and the reports.
import type { TestContext } from "vitest";
import type { ContractContext, TargetFixtures } from "../context.js";
import { OPTIONAL_VARIABLES } from "../run-config/target.js";

export const PRISM_IS_STATELESS =
  "behaviour test: Prism is stateless (it answers from the spec's static examples); runs on sandbox, real, or url with --stateful";

/** Behaviour tests need a target that keeps state. */
export function needState(t: TestContext, ctx: ContractContext): void {
  if (ctx.stateful) return;
  t.skip(
    ctx.target === "prism"
      ? PRISM_IS_STATELESS
      : "behaviour test: the target is not known to keep state; pass --stateful to run it",
  );
}

/** Tests that change data on the target. `what` says what would change. */
export function needMutations(t: TestContext, ctx: ContractContext, what: string): void {
  if (ctx.allowMutations) return;
  t.skip(`would change ${what} on the ${ctx.target} target; pass --allow-mutations to allow it`);
}

const VARIABLE_OF: Partial<Record<keyof TargetFixtures, string>> = Object.fromEntries(
  Object.entries(OPTIONAL_VARIABLES).map(([variable, key]) => [key, variable]),
);

/** A resource the test needs; skips when the target does not name it. */
export function needFixture<K extends keyof TargetFixtures>(
  t: TestContext,
  ctx: ContractContext,
  key: K,
): TargetFixtures[K] {
  const value = ctx.fixtures[key];
  if (value !== undefined) return value as TargetFixtures[K];
  const variable = VARIABLE_OF[key];
  return t.skip(
    variable
      ? `needs ${variable} on the ${ctx.target} target`
      : `needs the sandbox fixture "${key}", which the ${ctx.target} target does not have`,
  );
}

/** Known limits of Prism, skipped there with the reason. */
export function notOnPrism(t: TestContext, ctx: ContractContext, reason: string): void {
  if (ctx.server === "prism") t.skip(`Prism limitation: ${reason}`);
}
