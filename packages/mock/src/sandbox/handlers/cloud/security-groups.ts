import type { SecurityGroupRule, SecurityGroupRuleCreate } from "@cloud-contract/types";
import { ApiError, badRequest, conflict, notFound } from "../../http/api-error.js";
import { applyTagsPatch } from "../../merge-patch.js";
import { laterThan, projectRegion } from "../common.js";
import type { SandboxHandler } from "../types.js";

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
 * the new name and the tags merge patch, all or nothing; bumps `revision_number` and `updated_at`.
 */
export const updateSecurityGroup: SandboxHandler<"updateSecurityGroup"> = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  const group = ctx.app.securityGroups.get(ctx.params.group_id);
  if (!group || group.project_id !== projectId || group.region_id !== regionId) {
    throw notFound(`Security group ${ctx.params.group_id}`);
  }
  const request = ctx.body ?? {};
  const updatedAt = laterThan(ctx.app, group.updated_at);

  // Work on a copy and check everything before anything is stored.
  let rules: SecurityGroupRule[] = [...(group.security_group_rules ?? [])];
  for (const [i, change] of (request.changed_rules ?? []).entries()) {
    if (change.action === "delete") {
      // The schema allows a delete without an ID (as the reference does); the service refuses it.
      if (!change.security_group_rule_id)
        throw badRequest(`changed_rules[${i}]: a delete needs security_group_rule_id.`);
      const before = rules.length;
      rules = rules.filter((r) => r.id !== change.security_group_rule_id);
      if (rules.length === before) {
        throw new ApiError(
          404,
          `changed_rules[${i}]: security group rule ${change.security_group_rule_id} not found.`,
        );
      }
      continue;
    }
    const rule = newRule(change, group.id, ctx.app.random.uuid(), updatedAt);
    if ((rule.port_range_min ?? 0) > (rule.port_range_max ?? 65535)) {
      throw badRequest(`changed_rules[${i}]: port_range_min must not be greater than port_range_max.`);
    }
    if (rules.some((r) => SAME_RULE_FIELDS.every((f) => (r[f] ?? null) === (rule[f] ?? null)))) {
      throw conflict(`changed_rules[${i}]: the group already has a rule with these properties.`);
    }
    rules.push(rule);
  }

  group.security_group_rules = rules;
  if (request.name !== undefined) group.name = request.name;
  group.tags_v2 = applyTagsPatch(group.tags_v2, request.tags);
  group.revision_number += 1;
  ctx.app.mark("securityGroups", group.id);
  group.updated_at = updatedAt;
  return { status: 200, body: group };
};

function newRule(
  change: SecurityGroupRuleCreate,
  groupId: string,
  id: string,
  at: string,
): SecurityGroupRule {
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
