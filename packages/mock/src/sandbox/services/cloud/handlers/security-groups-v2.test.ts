import type { SecurityGroup, Task } from "@cloud-contract/types";
import { beforeEach, describe, expect, it } from "vitest";
import { sandboxRequest, useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

// Tasks end only when the test completes them.
const ctx = useSandbox({ taskDelayMs: 3_600_000 });
beforeEach(() => ctx.sandbox.reset());

const params = { project_id: F.projectId, region_id: F.regionId, group_id: F.securityGroupId };
const patchV2 = (body: unknown, p: Record<string, string | number> = params) =>
  ctx.api.call<{ tasks: string[] }>("updateSecurityGroupV2", { params: p, body });
const seeded = () =>
  ctx.sandbox.state().securityGroups.find((g) => g.id === F.securityGroupId) as SecurityGroup;
const ruleSummary = (group: SecurityGroup) =>
  (group.security_group_rules ?? [])
    .map((r) => `${r.direction} ${r.protocol ?? "*"} ${r.port_range_min ?? "*"}`)
    .sort();
/** Ends the task now through the control API and answers the task as getTask then shows it. */
async function finish(taskId: string): Promise<Task> {
  const done = await sandboxRequest(
    ctx.sandbox.url,
    "POST",
    `/__sandbox/tasks/${taskId}/complete`,
    F.apiKey,
    {
      state: "FINISHED",
    },
  );
  expect(done.status).toBe(200);
  return (await ctx.api.call<Task>("getTask", { params: { task_id: taskId } })).body;
}

describe("updateSecurityGroupV2", () => {
  it("starts an update_security_group task that leaves the group as it was until the task finishes", async () => {
    const before = seeded();
    const res = await patchV2({
      name: "renamed-group",
      description: "Edge proxies",
      tags: { team: null, cost: "42" },
    });
    expect(res.status).toBe(200);
    expect(res.body.tasks).toHaveLength(1);
    const [taskId] = res.body.tasks as [string];
    expect(seeded()).toEqual(before);
    const task = await finish(taskId);
    expect(task).toMatchObject({
      state: "FINISHED",
      task_type: "update_security_group",
      project_id: F.projectId,
    });
    const after = seeded();
    expect(after).toMatchObject({ name: "renamed-group", description: "Edge proxies" });
    expect(after.revision_number).toBe(before.revision_number + 1);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(Object.fromEntries(after.tags_v2.map((t) => [t.key, t.value]))).toEqual({
      [F.readOnlyTagKey]: "k8s-cluster-7f3c",
      [F.userTagKey]: "production",
      cost: "42",
    });
  });

  it("takes rules as the whole set: a rule given again keeps its id, new ones are added, the rest removed", async () => {
    const https = seeded().security_group_rules?.find((r) => r.protocol === "tcp");
    const res = await patchV2({
      rules: [
        {
          direction: "ingress",
          ethertype: "IPv4",
          protocol: "tcp",
          port_range_min: 443,
          port_range_max: 443,
          remote_ip_prefix: "0.0.0.0/0",
        },
        {
          direction: "ingress",
          protocol: "tcp",
          port_range_min: 22,
          port_range_max: 22,
          remote_ip_prefix: "203.0.113.0/24",
        },
      ],
    });
    await finish(res.body.tasks[0] as string);
    const rules = seeded().security_group_rules ?? [];
    expect(ruleSummary(seeded())).toEqual(["ingress tcp 22", "ingress tcp 443"]);
    expect(rules.find((r) => r.port_range_min === 443)?.id).toBe(https?.id);
    expect(rules.every((r) => r.security_group_id === F.securityGroupId)).toBe(true);
  });

  it("answers an empty task list and starts nothing when nothing would change", async () => {
    const group = seeded();
    const same = {
      name: group.name,
      description: group.description,
      rules: [
        { direction: "egress" },
        {
          direction: "ingress",
          protocol: "tcp",
          port_range_min: 443,
          port_range_max: 443,
          remote_ip_prefix: "0.0.0.0/0",
        },
      ],
      tags: { team: "web" },
    };
    for (const body of [{}, same, undefined]) {
      const res = await patchV2(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ tasks: [] });
    }
    expect(ctx.sandbox.state().tasks.filter((t) => t.task_type === "update_security_group")).toEqual([]);
  });

  it("refuses before any task starts: 404 for an unknown group, 400 for an inverted port range or a rule without direction", async () => {
    expect(
      (await patchV2({ name: "x-y-z" }, { ...params, group_id: "0d8f7b1e-0000-4000-8000-000000000000" }))
        .status,
    ).toBe(404);
    const inverted = await patchV2({
      rules: [{ direction: "ingress", port_range_min: 90, port_range_max: 80 }],
    });
    expect(inverted.status).toBe(400);
    expect((inverted.body as unknown as { message: string }).message).toMatch(/rules\[0\]: port_range_min/);
    expect((await patchV2({ rules: [{ protocol: "tcp" }] })).status).toBe(400);
    expect((await patchV2({ rules: [{ direction: "ingress", protocol: "any" }] })).status).toBe(400);
    expect(ctx.sandbox.state().tasks.filter((t) => t.task_type === "update_security_group")).toEqual([]);
  });

  it("is not deprecated: its answers carry no Deprecation header", async () => {
    const res = await patchV2({});
    expect(res.headers.get("deprecation")).toBeNull();
    expect(res.headers.get("link")).toBeNull();
  });
});
