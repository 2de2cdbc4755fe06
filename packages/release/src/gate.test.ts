import { describe, expect, it } from "vitest";
import type { Change, DiffResult } from "./diff/types.js";
import { decide } from "./gate.js";
import type { BumpType } from "./release-plan.js";

const change: Change = { severity: "breaking", rule: "field-removed", where: "GET /x", message: "gone" };
const breaking: DiffResult = { changes: [change], breaking: [change], nonBreaking: [] };
const harmless: DiffResult = { changes: [], breaking: [], nonBreaking: [] };
const v1 = { "@cloud-contract/types": "1.2.0", "@cloud-contract/client": "1.2.0" };
const v2 = { "@cloud-contract/types": "2.0.0", "@cloud-contract/client": "2.0.0" };
const bumps = (types: BumpType, client: BumpType) =>
  new Map<string, BumpType>([
    ["@cloud-contract/types", types],
    ["@cloud-contract/client", client],
  ]);

describe("decide", () => {
  it.each([
    { name: "no breaking change, no changeset", diff: harmless, bumps: new Map(), current: v1, ok: true },
    { name: "breaking, no changeset", diff: breaking, bumps: new Map(), current: v1, ok: false },
    {
      name: "breaking, minor changesets",
      diff: breaking,
      bumps: bumps("minor", "minor"),
      current: v1,
      ok: false,
    },
    {
      name: "breaking, major for types only",
      diff: breaking,
      bumps: bumps("major", "patch"),
      current: v1,
      ok: false,
    },
    {
      name: "breaking, major for both",
      diff: breaking,
      bumps: bumps("major", "major"),
      current: v1,
      ok: true,
    },
    {
      name: "breaking, `changeset version` already ran",
      diff: breaking,
      bumps: new Map(),
      current: v2,
      ok: true,
    },
  ])("$name → ok: $ok", ({ diff, bumps, current, ok }) => {
    const decision = decide({ diff, bumps, currentVersions: current, releasedVersions: v1 });
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
    const decision = decide({ diff: breaking, bumps, currentVersions: current, releasedVersions: v01 });
    expect(decision.ok, decision.reasons.join("\n")).toBe(ok);
  });

  it("asks for a changeset before the first release, when no released versions are recorded", () => {
    const decision = decide({
      diff: breaking,
      bumps: new Map(),
      currentVersions: v2,
      releasedVersions: undefined,
    });
    expect(decision.ok).toBe(false);
    expect(decision.reasons[0]).toContain("needs a major bump");
  });
});
