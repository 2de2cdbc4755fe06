// The shape of the package's source: types carry what the code knows (few type assertions, counted by the
// workspace's one counter, scripts/type-assertions.mjs); its import cycles are the lint target's.
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { assertionBudget, assertionsOf } from "../../../scripts/type-assertions.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

it("keeps its type assertions to at most 6 per 1,000 lines (tests aside)", () => {
  const { assertions, lines, allowed, places } = assertionBudget(root);
  expect(lines).toBeGreaterThan(1000);
  expect(assertions, places.join("\n")).toBeLessThanOrEqual(allowed);
});

it("counts `x as T` and `<T>x` but not `as const`", () => {
  const text = "const a = b as string;\nconst c = <number>d;\nconst e = [1] as const;\n";
  expect(assertionsOf("sample.ts", text).map((place) => place.split(":")[0])).toEqual(["1", "2"]);
});
