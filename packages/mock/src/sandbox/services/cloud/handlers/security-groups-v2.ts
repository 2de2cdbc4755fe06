import type { SecurityGroupRule, TaskIdList } from "@cloud-contract/types";
import { assertRoom, laterThan } from "../../../handlers/common.js";
import type { SandboxHandler } from "../../../handlers/types.js";
import { badRequest, notFound } from "../../../http/api-error.js";
import { forEachInTurns } from "../../../http/turns.js";
import type { SecurityGroupChange } from "../shapes.js";
import { projectRegion } from "./project-region.js";
import { newRule, patchGroupTags, type RequestedRule, sameRuleKey } from "./security-groups.js";

/**
 * PATCH /cloud/v2/security_groups/{project_id}/{region_id}/{group_id} — checks the change at once and starts a
 * task that applies it to the group when it finishes: the name and description, the rule set (`rules` is the
 * whole set: rules with the properties of a current one keep it, the others are created, current rules not
 * given are removed) and the tags merge patch. A change that changes nothing starts no task (`tasks: []`).
 */
export const updateSecurityGroupV2: SandboxHandler<"updateSecurityGroupV2"> = async (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  const group = ctx.app.entities.securityGroups.peek(ctx.params.group_id);
  if (!group || group.project_id !== projectId || group.region_id !== regionId) {
    throw notFound(`Security group ${ctx.params.group_id}`);
  }
  const request = ctx.body ?? {};
  const change: SecurityGroupChange = {};
  if (request.name !== undefined && request.name !== group.name) change.name = request.name;
  if (request.description !== undefined && request.description !== group.description) {
    change.description = request.description;
  }
  if (request.rules !== undefined) {
    const rules = await wantedRules(group.security_group_rules ?? [], request.rules, (rule) =>
      newRule(rule, group.id, ctx.app.random.uuid(), laterThan(ctx.app, group.updated_at)),
    );
    if (rules) change.security_group_rules = rules;
  }
  if (request.tags !== undefined) {
    const tags = await patchGroupTags(group, request.tags, ctx.app.cloud.maxTagsPerGroup);
    if (JSON.stringify(tags) !== JSON.stringify(group.tags_v2)) change.tags_v2 = tags;
  }
  if (Object.keys(change).length === 0) return { status: 200, body: { tasks: [] } satisfies TaskIdList };

  assertRoom(ctx.app, { tasks: 1 });
  const task = ctx.app.cloud.scheduler.start(
    {
      task_type: "update_security_group",
      project_id: projectId,
      region_id: regionId,
      request_id: ctx.requestId,
    },
    { state: "FINISHED", effect: { kind: "updateSecurityGroup", groupId: group.id, change } },
  );
  return { status: 200, body: { tasks: [task.id] } satisfies TaskIdList };
};

/**
 * The group's rules once `wanted` is its whole set: a current rule with the properties of a wanted one is kept
 * as it is, a wanted rule no current one matches is made by `make`; a wanted rule given twice counts once.
 * Undefined when the set is the current one.
 */
async function wantedRules(
  current: SecurityGroupRule[],
  wanted: RequestedRule[],
  make: (rule: RequestedRule) => SecurityGroupRule,
): Promise<SecurityGroupRule[] | undefined> {
  const byKey = new Map<string, SecurityGroupRule>();
  await forEachInTurns(current, (rule) => {
    if (!byKey.has(sameRuleKey(rule))) byKey.set(sameRuleKey(rule), rule);
  });
  const out = new Map<string, SecurityGroupRule>();
  let created = 0;
  await forEachInTurns(wanted, (request, i) => {
    const rule = make(request);
    if ((rule.port_range_min ?? 0) > (rule.port_range_max ?? 65535)) {
      throw badRequest(`rules[${i}]: port_range_min must not be greater than port_range_max.`);
    }
    const key = sameRuleKey(rule);
    if (out.has(key)) return;
    const kept = byKey.get(key);
    if (!kept) created += 1;
    out.set(key, kept ?? rule);
  });
  return created === 0 && out.size === current.length ? undefined : [...out.values()];
}
