import type { SecurityGroup } from "@cloud-contract/types";
import { beforeEach, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

const ctx = useSandbox();
beforeEach(() => ctx.sandbox.reset());

const params = { project_id: F.projectId, region_id: F.regionId, group_id: F.securityGroupId };
const patch = (body: unknown, p: Record<string, string | number> = params) =>
  ctx.api.call<SecurityGroup>("updateSecurityGroup", { params: p, body });
const seeded = () =>
  ctx.sandbox.state().securityGroups.find((g) => g.id === F.securityGroupId) as SecurityGroup;
const tags = (group: SecurityGroup) => Object.fromEntries(group.tags_v2.map((t) => [t.key, t.value]));
const READ_ONLY = { key: F.readOnlyTagKey, value: "k8s-cluster-7f3c", read_only: true };

describe("tags as JSON Merge Patch", () => {
  it.each([
    [
      "a string adds a tag",
      { owner: "alice" },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "production", team: "web", owner: "alice" },
    ],
    [
      "a string changes a tag",
      { environment: "staging" },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "staging", team: "web" },
    ],
    [
      "null removes a tag",
      { team: null },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "production" },
    ],
    [
      "null for a missing key changes nothing",
      { nope: null },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "production", team: "web" },
    ],
    [
      "{} changes nothing",
      {},
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "production", team: "web" },
    ],
    ["tags: null removes every user tag", null, { [F.readOnlyTagKey]: "k8s-cluster-7f3c" }],
    [
      "a read-only tag cannot be removed",
      { [F.readOnlyTagKey]: null },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "production", team: "web" },
    ],
    [
      "a read-only tag cannot be changed",
      { [F.readOnlyTagKey]: "mine" },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", environment: "production", team: "web" },
    ],
    [
      "several at once",
      { environment: null, team: "db", cost: "42" },
      { [F.readOnlyTagKey]: "k8s-cluster-7f3c", team: "db", cost: "42" },
    ],
  ])("%s", async (_name, patchTags, expected) => {
    const res = await patch({ tags: patchTags });
    expect(res.status).toBe(200);
    expect(tags(res.body)).toEqual(expected);
    expect(res.body.tags_v2).toContainEqual(READ_ONLY);
    expect(
      res.body.tags_v2.filter((t) => t.key !== F.readOnlyTagKey).every((t) => t.read_only === false),
    ).toBe(true);
    expect(tags(seeded())).toEqual(expected);
  });

  it("leaves the tags alone when the body has no tags", async () => {
    const res = await patch({ name: "renamed" });
    expect(tags(res.body)).toEqual(tags(seeded()));
    expect(res.body.tags_v2).toHaveLength(3);
  });

  it("answers 400 (the reference documents no 422) for a tag value over 255 characters or a non-string value", async () => {
    expect((await patch({ tags: { long: "x".repeat(256) } })).status).toBe(400);
    expect((await patch({ tags: { n: 1 } })).status).toBe(400);
    expect(tags(seeded())).toEqual({
      [F.readOnlyTagKey]: "k8s-cluster-7f3c",
      environment: "production",
      team: "web",
    });
  });
});

describe("rules, name, revision", () => {
  it("creates a rule with a new id and deletes one by id", async () => {
    const res = await patch({
      changed_rules: [
        {
          action: "create",
          direction: "ingress",
          protocol: "tcp",
          port_range_min: 22,
          port_range_max: 22,
          remote_ip_prefix: "10.0.0.0/8",
        },
        { action: "delete", security_group_rule_id: F.securityGroupRuleId },
      ],
    });
    expect(res.status).toBe(200);
    const rules = res.body.security_group_rules ?? [];
    expect(rules.map((r) => r.id)).not.toContain(F.securityGroupRuleId);
    const created = rules.find((r) => r.port_range_min === 22);
    expect(created).toMatchObject({
      direction: "ingress",
      protocol: "tcp",
      port_range_max: 22,
      ethertype: "IPv4",
      security_group_id: F.securityGroupId,
    });
    expect(created?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rules).toHaveLength(2);
  });

  it("answers 404 for deleting an unknown rule and changes nothing (all or nothing)", async () => {
    const before = structuredClone(seeded());
    const res = await patch({
      name: "half-applied",
      changed_rules: [
        { action: "create", protocol: "udp", port_range_min: 53 },
        { action: "delete", security_group_rule_id: "00000000-0000-4000-8000-000000000000" },
      ],
    });
    expect(res.status).toBe(404);
    expect((res.body as unknown as { message: string }).message).toMatch(
      /00000000-0000-4000-8000-000000000000/,
    );
    expect(seeded()).toEqual(before);
  });

  it("answers 409 for a rule that duplicates an existing one, 400 for an inverted port range", async () => {
    const duplicate = {
      action: "create",
      direction: "ingress",
      ethertype: "IPv4",
      protocol: "tcp",
      port_range_min: 443,
      port_range_max: 443,
      remote_ip_prefix: "0.0.0.0/0",
    };
    expect((await patch({ changed_rules: [duplicate] })).status).toBe(409);
    expect(
      (
        await patch({
          changed_rules: [{ action: "create", protocol: "tcp", port_range_min: 90, port_range_max: 80 }],
        })
      ).status,
    ).toBe(400);
  });

  it("answers 400 for a rule delete without the rule's ID, an unknown protocol or action", async () => {
    expect((await patch({ changed_rules: [{ action: "delete" }] })).status).toBe(400);
    expect(
      (await patch({ changed_rules: [{ action: "delete", security_group_rule_id: null }] })).status,
    ).toBe(400);
    expect((await patch({ changed_rules: [{ action: "create", protocol: "carrier-pigeon" }] })).status).toBe(
      400,
    );
    expect((await patch({ changed_rules: [{ action: "rename" }] })).status).toBe(400);
  });

  it("renames, increments revision_number and moves updated_at on every change", async () => {
    const first = await patch({ name: "api-servers" });
    expect(first.body).toMatchObject({ name: "api-servers", revision_number: 4 });
    expect(Date.parse(first.body.updated_at)).toBeGreaterThan(Date.parse("2026-11-20T08:00:00Z"));
    const second = await patch({ tags: { a: "b" } });
    expect(second.body.revision_number).toBe(5);
    expect(Date.parse(second.body.updated_at)).toBeGreaterThan(Date.parse(first.body.updated_at));
    expect(second.body.created_at).toBe(first.body.created_at);
  });

  it.each(["  ", "ab", "-leading-dash", "x".repeat(64)])(
    "answers 400 (the reference documents no 422) for a name the reference's pattern refuses (%j)",
    async (name) => {
      expect((await patch({ name })).status).toBe(400);
    },
  );

  it("answers 404 for an unknown group or one in another project, 400 for a group id that is not a UUID", async () => {
    expect((await patch({}, { ...params, group_id: "00000000-0000-4000-8000-000000000000" })).status).toBe(
      404,
    );
    expect((await patch({}, { ...params, project_id: F.otherProjectId })).status).toBe(404);
    const res = await patch({}, { ...params, group_id: "not-a-uuid" });
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as unknown as { invalid_fields: object }).invalid_fields)).toEqual([
      "group_id",
    ]);
  });

  it("answers 403 with a key bound to another project", async () => {
    const res = await ctx.api.call("updateSecurityGroup", {
      params,
      body: { name: "x" },
      key: F.project2ApiKey,
    });
    expect(res.status).toBe(403);
    expect(seeded().name).toBe("web-servers");
  });
});
