// The user-tag limit of a security group, through HTTP: at the limit accepted, one beyond a documented 400 in
// the service's error shape that changes nothing, and other tenants unaffected.
import type { SecurityGroup } from "@cloud-contract/types";
import { describe, expect, it } from "vitest";
import { connectSandbox, type SandboxTenant } from "../../../../control-client/sandbox-control.js";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

const LIMIT = 5;
const ctx = useSandbox({ maxTagsPerGroup: LIMIT });

const params = { project_id: F.projectId, region_id: F.regionId, group_id: F.securityGroupId };
const patch = (key: string, body: unknown) =>
  ctx.api.call<SecurityGroup & { message?: string }>("updateSecurityGroup", { key, params, body });
const userTags = (group: SecurityGroup) => group.tags_v2.filter((t) => !t.read_only).map((t) => t.key);
const groupOf = async (tenant: SandboxTenant) => {
  const state = await tenant.state();
  return state.securityGroups.find((g) => g.id === F.securityGroupId) as SecurityGroup;
};

describe(`at most ${LIMIT} user tags per security group`, () => {
  it("accepts a change up to the limit, refuses one beyond with 400 and keeps the group as it was", async () => {
    const control = connectSandbox(ctx.sandbox.url);
    const [mine, other] = [await control.tenant(), await control.tenant()];
    // The seeded group has two user tags (and a read-only one, which does not count).
    const atLimit = await patch(mine.key, { tags: { a: "1", b: "2", c: "3" } });
    expect(atLimit.status).toBe(200);
    expect(userTags(atLimit.body)).toHaveLength(LIMIT);
    const before = await groupOf(mine);

    const beyond = await patch(mine.key, { tags: { d: "4" }, name: "renamed" });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toMatch(`at most ${LIMIT} user tags; this change leaves ${LIMIT + 1}`);
    expect(await groupOf(mine)).toEqual(before);

    // Replacing a tag at the limit and shrinking still work.
    expect((await patch(mine.key, { tags: { a: null, d: "4" } })).status).toBe(200);
    expect(userTags((await patch(mine.key, { tags: { d: null } })).body)).toHaveLength(LIMIT - 1);

    // Another tenant's group is untouched and has its own room.
    expect(userTags(await groupOf(other))).toHaveLength(2);
    expect((await patch(other.key, { tags: { x: "1", y: "2", z: "3" } })).status).toBe(200);
  });
});
