// The shape of the package's source (the generated schema, its friendly names): no type assertions.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { ASSERTIONS_PER_THOUSAND_LINES, assertionBudget } from "../../../scripts/type-assertions.mjs";

it(`keeps its type assertions to at most ${ASSERTIONS_PER_THOUSAND_LINES} per 1,000 lines of source`, () => {
  const budget = assertionBudget(fileURLToPath(new URL(".", import.meta.url)));
  expect(budget.lines).toBeGreaterThan(1_000);
  expect(budget.assertions, budget.places.join("\n")).toBeLessThanOrEqual(budget.allowed);
});
