import { describe, expect, it } from "vitest";
import { decide } from "./gate.js";
import type { BumpType } from "./release-plan.js";

const breaking = 1;
const harmless = 0;
const v1 = { "@cloud-contract/types": "1.2.0", "@cloud-contract/client": "1.2.0" };
const v2 = { "@cloud-contract/types": "2.0.0", "@cloud-contract/client": "2.0.0" };
const bumps = (types: BumpType, client: BumpType) =>
  new Map<string, BumpType>([
    ["@cloud-contract/types", types],
    ["@cloud-contract/client", client],
  ]);

describe("decide", () => {
  it.each([
    { name: "no breaking change, no changeset", errors: harmless, bumps: new Map(), current: v1, ok: true },
    { name: "breaking, no changeset", errors: breaking, bumps: new Map(), current: v1, ok: false },
    {
      name: "breaking, minor changesets",
      errors: breaking,
      bumps: bumps("minor", "minor"),
      current: v1,
      ok: false,
    },
    {
      name: "breaking, major for types only",
      errors: breaking,
      bumps: bumps("major", "patch"),
      current: v1,
      ok: false,
    },
    {
      name: "breaking, major for both",
      errors: breaking,
      bumps: bumps("major", "major"),
      current: v1,
      ok: true,
    },
    {
      name: "breaking, `changeset version` already ran",
      errors: breaking,
      bumps: new Map(),
      current: v2,
      ok: true,
    },
  ])("$name → ok: $ok", ({ errors, bumps, current, ok }) => {
    const decision = decide({ errors, bumps, currentVersions: current, releasedVersions: v1 });
    expect(decision.ok, decision.reasons.join("\n")).toBe(ok);
  });

  const v01 = { "@cloud-contract/types": "0.1.0", "@cloud-contract/client": "0.1.0" };
  const v02 = { "@cloud-contract/types": "0.2.0", "@cloud-contract/client": "0.2.0" };
  it.each([
    { name: "breaking, minor changesets", bumps: bumps("minor", "minor"), current: v01, ok: true },
    { name: "breaking, patch changesets", bumps: bumps("patch", "patch"), current: v01, ok: false },
    { name: "breaking, minor for types only", bumps: bumps("minor", "patch"), current: v01, ok: false },
    {
      name: "breaking, `changeset version` already raised the minor",
      bumps: new Map(),
      current: v02,
      ok: true,
    },
    { name: "breaking, no changeset", bumps: new Map(), current: v01, ok: false },
  ])("before 1.0: $name → ok: $ok", ({ bumps, current, ok }) => {
    const decision = decide({ errors: breaking, bumps, currentVersions: current, releasedVersions: v01 });
    expect(decision.ok, decision.reasons.join("\n")).toBe(ok);
  });

  it("asks for a changeset before the first release, when no released versions are recorded", () => {
    const decision = decide({
      errors: breaking,
      bumps: new Map(),
      currentVersions: v2,
      releasedVersions: undefined,
    });
    expect(decision.ok).toBe(false);
    expect(decision.reasons[0]).toContain("needs a major bump");
  });
});
