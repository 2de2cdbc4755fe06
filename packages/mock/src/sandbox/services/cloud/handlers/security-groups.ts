import type {
  SecurityGroup,
  SecurityGroupRule,
  SecurityGroupRuleCreate,
  Tag,
  TagsMergePatch,
  TaskIdList,
} from "@cloud-contract/types";
import { assertRoom, laterThan } from "../../../handlers/common.js";
import { ApiError, badRequest, conflict, notFound } from "../../../http/api-error.js";
import { forEachInTurns } from "../../../http/turns.js";
import { applyTagsPatch } from "../../../merge-patch.js";
import type { SecurityGroupChange } from "../shapes.js";
import type { CloudHandler } from "../tenant.js";
import { projectRegion } from "./project-region.js";

const SAME_RULE_FIELDS = [
  "direction",
  "ethertype",
  "protocol",
  "port_range_min",
  "port_range_max",
  "remote_ip_prefix",
  "remote_group_id",
] as const;

/**
 * PATCH /cloud/v1/securitygroups/{project_id}/{region_id}/{group_id} — applies rule deletes and creates,
 * the new name and the tags merge patch, all or nothing; bumps `revision_number` and `updated_at`. Many rules
 * or tags are worked through in turns of the event loop; the group changes only at the end, in one step.
 */
export const updateSecurityGroup: CloudHandler<"updateSecurityGroup"> = async (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  const group = ctx.app.entities.securityGroups.peek(ctx.params.group_id);
  if (!group || group.project_id !== projectId || group.region_id !== regionId) {
    throw notFound(`Security group ${ctx.params.group_id}`);
  }
  const request = ctx.body ?? {};
  const updatedAt = laterThan(ctx.app, group.updated_at);

  // Work on a copy and check everything before anything is stored; rules by id and by their properties keep
  // every change one step, whatever the number of rules.
  const rules = new Map<unknown, SecurityGroupRule>(); // by id (a rule without one by itself)
  const properties = new Map<string, number>();
  await forEachInTurns(group.security_group_rules ?? [], (rule) => {
    rules.set(rule.id ?? rule, rule);
    count(properties, sameRuleKey(rule), 1);
  });
  await forEachInTurns(request.changed_rules ?? [], (change, i) => {
    if (change.action === "delete") {
      // The schema allows a delete without an ID (as the reference does); the service refuses it.
      if (!change.security_group_rule_id)
        throw badRequest(`changed_rules[${i}]: a delete needs security_group_rule_id.`);
      const rule = rules.get(change.security_group_rule_id);
      if (!rule) {
        throw new ApiError(
          404,
          `changed_rules[${i}]: security group rule ${change.security_group_rule_id} not found.`,
        );
      }
      rules.delete(change.security_group_rule_id);
      count(properties, sameRuleKey(rule), -1);
      return;
    }
    const rule = newRule(change, group.id, ctx.app.random.uuid(), updatedAt);
    if ((rule.port_range_min ?? 0) > (rule.port_range_max ?? 65535)) {
      throw badRequest(`changed_rules[${i}]: port_range_min must not be greater than port_range_max.`);
    }
    const key = sameRuleKey(rule);
    if ((properties.get(key) ?? 0) > 0) {
      throw conflict(`changed_rules[${i}]: the group already has a rule with these properties.`);
    }
    count(properties, key, 1);
    rules.set(rule.id ?? rule, rule);
  });
  const tags = await patchGroupTags(group, request.tags, ctx.app.parts.cloud.maxTagsPerGroup);

  // Stored in one step, after the last turn: `set` records the change for the next commit, which may have
  // taken this group's earlier state while the work above gave the event loop back.
  const updated = {
    ...group,
    security_group_rules: [...rules.values()],
    ...(request.name !== undefined ? { name: request.name } : {}),
    tags_v2: tags,
    revision_number: group.revision_number + 1,
    updated_at: updatedAt,
  };
  ctx.app.entities.securityGroups.set(updated.id, updated);
  return { status: 200, body: updated };
};

/**
 * PATCH /cloud/v2/security_groups/{project_id}/{region_id}/{group_id} — checks the change at once and starts a
 * task that applies it to the group when it finishes: the name and description, the rule set (`rules` is the
 * whole set: rules with the properties of a current one keep it, the others are created, current rules not
 * given are removed) and the tags merge patch. A change that changes nothing starts no task (`tasks: []`).
 */
export const updateSecurityGroupV2: CloudHandler<"updateSecurityGroupV2"> = async (ctx) => {
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
    const tags = await patchGroupTags(group, request.tags, ctx.app.parts.cloud.maxTagsPerGroup);
    if (JSON.stringify(tags) !== JSON.stringify(group.tags_v2)) change.tags_v2 = tags;
  }
  if (Object.keys(change).length === 0) return { status: 200, body: { tasks: [] } satisfies TaskIdList };

  assertRoom(ctx.app, { tasks: 1 });
  const task = ctx.app.parts.cloud.scheduler.start(
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
 * The group's tags after `patch`, or a 400 when they would hold more than `limit` user tags: beyond the limit
 * only a change that does not add tags passes (a group over a lowered limit can shrink).
 */
export async function patchGroupTags(
  group: SecurityGroup,
  patch: TagsMergePatch | undefined,
  limit: number,
): Promise<Tag[]> {
  const tags = await applyTagsPatch(group.tags_v2, patch);
  const userTags = tags.reduce((n, tag) => (tag.read_only ? n : n + 1), 0);
  if (userTags > limit && userTags > group.tags_v2.filter((tag) => !tag.read_only).length) {
    throw badRequest(
      `tags: a security group holds at most ${limit} user tags; this change leaves ${userTags}.`,
    );
  }
  return tags;
}

/** The properties that make two rules the same rule. */
export const sameRuleKey = (rule: SecurityGroupRule) =>
  JSON.stringify(SAME_RULE_FIELDS.map((f) => rule[f] ?? null));

function count(counts: Map<string, number>, key: string, by: number): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** A rule as a request describes it: a `create` change of the v1 update, or a rule of the v2 update's set. */
export type RequestedRule = Omit<
  SecurityGroupRuleCreate,
  "action" | "protocol" | "port_range_min" | "port_range_max"
> & {
  protocol?: SecurityGroupRule["protocol"];
  port_range_min?: number | null;
  port_range_max?: number | null;
};

/** A new rule of the group, as `change` describes it. */
export function newRule(change: RequestedRule, groupId: string, id: string, at: string): SecurityGroupRule {
  const ports = change.port_range_min !== undefined || change.port_range_max !== undefined;
  return {
    id,
    security_group_id: groupId,
    description: change.description ?? null,
    direction: change.direction ?? "ingress",
    ethertype: change.ethertype ?? "IPv4",
    protocol: change.protocol ?? null,
    port_range_min: ports ? (change.port_range_min ?? change.port_range_max ?? null) : null,
    port_range_max: ports ? (change.port_range_max ?? change.port_range_min ?? null) : null,
    remote_ip_prefix: change.remote_ip_prefix ?? null,
    remote_group_id: change.remote_group_id ?? null,
    revision_number: 0,
    created_at: at,
    updated_at: at,
  };
}

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
