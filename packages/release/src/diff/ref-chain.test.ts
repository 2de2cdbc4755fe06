import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import type { Finding } from "./finding.js";
import type { Json } from "./types.js";

const bundle = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../../spec/dist/openapi.json", import.meta.url)), "utf8"),
);
const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** The bundle with Task.state reached through `hops` bare `$ref`s before `schema` (0: written in place). */
function stateBehind(hops: number, schema: Json): Json {
  const doc = structuredClone(bundle);
  const schemas = doc.components.schemas;
  const name = (i: number) => `StateHop${i}`;
  for (let i = 0; i < hops; i++)
    schemas[name(i)] = i === hops - 1 ? schema : { $ref: `#/components/schemas/${name(i + 1)}` };
  schemas.Task.properties.state = hops === 0 ? schema : { $ref: `#/components/schemas/${name(0)}` };
  return doc;
}

/** What a finding says, without where it points (a chain's end is another pointer than the inline schema). */
const said = (findings: Finding[]) =>
  findings
    .filter((f) => f.rule !== "component-added")
    .map((f) => `${f.level} ${f.rule} ${f.operation}: ${f.message}`);

describe("a $ref chain of any length", () => {
  it.each([1, 30, 100])(
    "Task.state string → integer behind %i hops gives the findings of the direct schema",
    (hops) => {
      const before = stateBehind(hops, { type: "string" });
      const after = stateBehind(hops, { type: "integer" });
      const direct = said(
        compareSpecs(stateBehind(0, { type: "string" }), stateBehind(0, { type: "integer" }), { policy }),
      );
      expect(direct.filter((line) => line.startsWith("error")).length).toBeGreaterThan(0);
      expect(said(compareSpecs(before, after, { policy }))).toEqual(direct);
    },
  );
});
