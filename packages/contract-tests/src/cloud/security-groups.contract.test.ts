import { waitForTasks } from "@cloud-contract/client";
import type {
  SecurityGroup,
  SecurityGroupUpdateRequest,
  SecurityGroupUpdateV2Request,
  TagsMergePatch,
} from "@cloud-contract/types";
import { afterEach, describe, expect, it } from "vitest";
import { needMutations, needState } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { longText, type NegativeCase, rejects } from "../suite/negative.js";
import { projectRegion } from "../suite/requests.js";

const h = useHarness();
const GROUP = "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}";
const CHANGE = "the security group's rules, name or tags";

const patch = (body: SecurityGroupUpdateRequest | Record<string, unknown>) =>
  h.client.PATCH(GROUP, {
    params: { path: { ...projectRegion(h.ctx), group_id: h.ctx.ids.securityGroupId } },
    body: body as never,
  });

const update = (body: SecurityGroupUpdateRequest) => h.ok("updateSecurityGroup", patch(body));

const tagMap = (group: SecurityGroup, readOnly = false) =>
  Object.fromEntries(
    group.tags_v2.filter((tag) => tag.read_only === readOnly).map((tag) => [tag.key, tag.value]),
  );

/**
 * What a test changed, and how to put it back: the name and user tags as they were, and the rules it
 * created. Restored after each test, whether it passed or not.
 */
let before: SecurityGroup | undefined;
let createdRules: string[] = [];

/** Reads the group (an empty PATCH changes nothing) and remembers it for the restore. */
async function snapshot(): Promise<SecurityGroup> {
  const group = await update({});
  before ??= group;
  return group;
}

afterEach(async () => {
  const original = before;
  const rules = createdRules;
  before = undefined;
  createdRules = [];
  if (!original) return;
  const current = await h.ok("updateSecurityGroup", patch({}));
  const tags: TagsMergePatch = {};
  const wanted = tagMap(original);
  for (const key of Object.keys(tagMap(current))) if (!(key in wanted)) tags[key] = null;
  for (const [key, value] of Object.entries(wanted)) if (tagMap(current)[key] !== value) tags[key] = value;
  const present = new Set((current.security_group_rules ?? []).map((rule) => rule.id));
  const changed_rules = rules
    .filter((id) => present.has(id))
    .map((id) => ({ action: "delete" as const, security_group_rule_id: id }));
  await h.ok("updateSecurityGroup", patch({ name: original.name, tags, changed_rules }));
});

describe(h.label("updateSecurityGroup"), () => {
  it("answers 200 with the group to an empty change", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    if (h.ctx.stateful) expect(group.id).toBe(h.ctx.ids.securityGroupId);
  });

  it("answers 200 to a name, a tag and a rule change at once", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    const result = await update({
      name: `${group.name}`,
      tags: { "contract-shape": "1" },
      changed_rules: [
        {
          action: "create",
          direction: "ingress",
          ethertype: "IPv4",
          protocol: "tcp",
          port_range_min: 8443,
          port_range_max: 8443,
          remote_ip_prefix: "203.0.113.0/24",
          description: "contract test",
        },
      ],
    });
    for (const rule of result.security_group_rules ?? []) {
      if (rule.port_range_min === 8443 && rule.id) createdRules.push(rule.id);
    }
  });

  rejects(h, [
    {
      name: "a 256-character tag key",
      operationId: "updateSecurityGroup",
      call: () => patch({ tags: { [longText(256)]: "v" } }),
    },
    {
      name: "a 256-character tag value",
      operationId: "updateSecurityGroup",
      call: () => patch({ tags: { k: longText(256, "v") } }),
    },
    {
      name: "an empty tag key",
      operationId: "updateSecurityGroup",
      call: () => patch({ tags: { "": "v" } }),
    },
    {
      name: "a tag value with a leading space",
      operationId: "updateSecurityGroup",
      call: () => patch({ tags: { k: " lead" } }),
    },
    {
      name: "a tag value that is a number",
      operationId: "updateSecurityGroup",
      call: () => patch({ tags: { k: 1 } }),
    },
    {
      name: "a rule action outside its enum",
      operationId: "updateSecurityGroup",
      call: () =>
        patch({ changed_rules: [{ action: "update", security_group_rule_id: h.ctx.ids.securityGroupId }] }),
    },
    {
      name: "a rule delete without security_group_rule_id",
      operationId: "updateSecurityGroup",
      call: () => patch({ changed_rules: [{ action: "delete" }] }),
      prism:
        "the schema allows a delete without an ID, as the public reference does; only the service refuses it",
    },
  ] satisfies NegativeCase[]);
});

describe("security group tags and rules (behaviour): updateSecurityGroup", () => {
  it("tags follow JSON merge patch: add, update, remove one, keep the rest", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    const others = tagMap(group);

    const added = await update({ tags: { "contract-a": "1", "contract-b": "2" } });
    expect(tagMap(added)).toEqual({ ...others, "contract-a": "1", "contract-b": "2" });

    const patched = await update({ tags: { "contract-a": null, "contract-b": "3" } });
    expect(tagMap(patched)).toEqual({ ...others, "contract-b": "3" });

    const untouched = await update({ name: group.name });
    expect(tagMap(untouched)).toEqual({ ...others, "contract-b": "3" });
  });

  it("tags: null removes every user tag and keeps the read-only ones", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    const readOnly = tagMap(group, true);
    const cleared = await update({ tags: null });
    expect(tagMap(cleared)).toEqual({});
    expect(tagMap(cleared, true)).toEqual(readOnly);
  });

  it("read-only tags cannot be changed or removed", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    const readOnly = group.tags_v2.find((tag) => tag.read_only);
    if (!readOnly) t.skip("the security group has no read-only tag to try");
    const key = (readOnly as { key: string }).key;
    for (const value of ["changed-by-contract-tests", null]) {
      // Refusing the change (4xx) and ignoring it (2xx) both keep the contract; the tag must survive.
      const checked = await h.check("updateSecurityGroup", patch({ tags: { [key]: value } }));
      expect(checked.status, `PATCH tags.${key} = ${value} answered ${checked.status}`).toBeLessThan(500);
      const now = await update({});
      expect(now.tags_v2).toContainEqual({ key, value: readOnly?.value, read_only: true });
    }
  });

  it("a rule is created, then deleted by its id", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    const rule = {
      action: "create" as const,
      direction: "ingress" as const,
      ethertype: "IPv4" as const,
      protocol: "udp" as const,
      port_range_min: 5353,
      port_range_max: 5353,
      remote_ip_prefix: "198.51.100.0/24",
    };
    const created = await update({ changed_rules: [rule] });
    const before = new Set((group.security_group_rules ?? []).map((r) => r.id));
    const fresh = (created.security_group_rules ?? []).filter((r) => !before.has(r.id));
    expect(fresh).toHaveLength(1);
    const id = fresh[0]?.id as string;
    createdRules.push(id);
    expect(fresh[0]).toMatchObject({
      direction: "ingress",
      protocol: "udp",
      port_range_min: 5353,
      port_range_max: 5353,
    });
    expect(created.revision_number).toBeGreaterThan(group.revision_number);

    const deleted = await update({ changed_rules: [{ action: "delete", security_group_rule_id: id }] });
    expect((deleted.security_group_rules ?? []).map((r) => r.id)).not.toContain(id);
    expect(deleted.security_group_rules?.length ?? 0).toBe(group.security_group_rules?.length ?? 0);
  });
});

const GROUP_V2 = "/cloud/v2/security_groups/{project_id}/{region_id}/{group_id}";
const FAST_POLL = { intervalMs: 50, maxIntervalMs: 500, timeoutMs: 20_000 };

const patchV2 = (body: SecurityGroupUpdateV2Request | Record<string, unknown>) =>
  h.client.PATCH(GROUP_V2, {
    params: { path: { ...projectRegion(h.ctx), group_id: h.ctx.ids.securityGroupId } },
    body: body as never,
  });

describe(h.label("updateSecurityGroupV2"), () => {
  it("answers 200 with the IDs of the tasks that apply a tag change", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    await snapshot();
    const { tasks } = await h.ok("updateSecurityGroupV2", patchV2({ tags: { "contract-v2": "1" } }));
    expect(Array.isArray(tasks)).toBe(true);
  });

  rejects(h, [
    {
      name: "a tag key with '='",
      operationId: "updateSecurityGroupV2",
      call: () => patchV2({ tags: { "a=b": "v" } }),
    },
    {
      name: "a tag value with a line break",
      operationId: "updateSecurityGroupV2",
      call: () => patchV2({ tags: { k: "a\nb" } }),
    },
    {
      name: "a rule without direction",
      operationId: "updateSecurityGroupV2",
      call: () => patchV2({ rules: [{ protocol: "tcp" }] }),
    },
    {
      name: "the protocol any (the whole-state update has none; null matches every protocol)",
      operationId: "updateSecurityGroupV2",
      call: () => patchV2({ rules: [{ direction: "ingress", protocol: "any" }] }),
    },
  ] satisfies NegativeCase[]);
});

describe("security group update v2 (behaviour): updateSecurityGroupV2 → waitForTasks → updateSecurityGroup", () => {
  it("the task's change shows on the group once it finishes; a change that changes nothing starts no task", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const group = await snapshot();
    const { tasks } = await h.ok("updateSecurityGroupV2", patchV2({ tags: { "contract-v2": "applied" } }));
    expect(tasks).toHaveLength(1);
    const done = await waitForTasks(h.client, tasks, FAST_POLL);
    expect(done[0]).toMatchObject({ state: "FINISHED", task_type: "update_security_group" });
    const after = await update({});
    expect(tagMap(after)).toEqual({ ...tagMap(group), "contract-v2": "applied" });
    expect(after.revision_number).toBeGreaterThan(group.revision_number);

    const again = await h.ok("updateSecurityGroupV2", patchV2({ tags: { "contract-v2": "applied" } }));
    expect(again.tasks).toEqual([]);
  });
});
