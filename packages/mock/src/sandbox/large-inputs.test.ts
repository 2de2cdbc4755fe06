// Large inputs are answered correctly (their time bounds are measured by bench/large-inputs.mjs, not here).
import { describe, expect, it } from "vitest";
import { sandboxRequest, useSandbox } from "../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { DEFAULT_MAX_BODY_BYTES } from "./http/body-limit.js";
import { manyRules, manyTags } from "./large-inputs.js";

const ctx = useSandbox({ validateResponses: false });
const path = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const patch = (body: unknown) => sandboxRequest(ctx.sandbox.url, "PATCH", path, SANDBOX_API_KEY, body);

describe("large inputs within the body limit", () => {
  it("a 60,000-key tags patch sets, changes and removes every tag it names", async () => {
    const tags = manyTags(60_000);
    expect(JSON.stringify({ tags }).length).toBeLessThan(DEFAULT_MAX_BODY_BYTES);
    const set = await patch({ tags });
    expect(set.status).toBe(200);
    const userTags = set.body.tags_v2.filter((t: { read_only: boolean }) => !t.read_only);
    expect(userTags).toHaveLength(60_000 + 2); // the two seeded user tags stay
    expect(userTags.at(-1)).toEqual({ key: "t59999", value: "v", read_only: false });
    const removed = await patch({ tags: Object.fromEntries(Object.keys(tags).map((k) => [k, null])) });
    expect(removed.status).toBe(200);
    expect(removed.body.tags_v2.filter((t: { read_only: boolean }) => !t.read_only)).toHaveLength(2);
  });

  it("7,000 changed_rules are created in one call, and deleted in the next", async () => {
    const before = (await patch({})).body.security_group_rules.length;
    const created = await patch({ changed_rules: manyRules(7_000) });
    expect(created.status).toBe(200);
    const rules = created.body.security_group_rules as { id: string; port_range_min: number }[];
    expect(rules).toHaveLength(before + 7_000);
    const added = rules.slice(before);
    expect(added.map((r) => r.port_range_min)).toEqual(manyRules(7_000).map((r) => r.port_range_min));
    const deleted = await patch({
      changed_rules: added.map((r) => ({ action: "delete", security_group_rule_id: r.id })),
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.security_group_rules).toHaveLength(before);
  });

  it("a duplicate among 7,000 new rules refuses the whole change", async () => {
    const before = (await patch({})).body;
    const rules = manyRules(7_000);
    const duplicate = { ...rules[3_500] };
    const res = await patch({ changed_rules: [...rules, duplicate] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.message).toMatch(/changed_rules\[7000\]/);
    expect((await patch({})).body.revision_number).toBe(before.revision_number + 1);
  });
});
