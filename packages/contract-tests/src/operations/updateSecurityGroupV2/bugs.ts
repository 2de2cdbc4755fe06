// updateSecurityGroupV2: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { appliedElsewhere, fixBody, forwardTo } from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { type BugCall, defineBug as bug, isSuccess, rewriteSuccess } from "../../bugs/seeded-bug.js";
import { isObject, objectOf, objectsOf, stringsOf } from "../../json-fields.js";
import { ruleAsWanted } from "../../stateful/group-state.js";

/** The v1 update's path of the group a v2 update names (the v1 update without a body reads the group). */
const v1GroupPath = (call: BugCall) =>
  call.url.pathname.replace("/cloud/v2/security_groups/", "/cloud/v1/securitygroups/");

/** Takes the read-only tags off the group `groupId` wherever the value holds it. */
function dropReadOnlyTags(value: unknown, groupId: string | undefined): void {
  if (Array.isArray(value)) for (const item of value) dropReadOnlyTags(item, groupId);
  else if (isObject(value)) {
    if (value.id === groupId && Array.isArray(value.tags_v2))
      value.tags_v2 = objectsOf(value.tags_v2).filter((t) => t.read_only !== true);
    for (const item of Object.values(value)) dropReadOnlyTags(item, groupId);
  }
}

export const bugs: readonly SeededBug[] = [
  bug(
    "behaviour.updateSecurityGroupV2.not-applied",
    "the group's change answers task ids but starts nothing",
    appliedElsewhere,
  ),
  bug(
    "behaviour.updateSecurityGroupV2.description-ignored",
    "the v2 update leaves the group's description as it was",
    fixBody(
      (b) => "description" in b,
      (b) => delete b.description,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.task-for-nothing",
    "a v2 update that changes nothing answers a task id all the same",
    rewriteSuccess((b) => {
      if (Array.isArray(b.tasks) && b.tasks.length === 0) b.tasks = ["0b2b6c9e-5f1a-4c3e-9d7a-2f4e8a1c6b3d"];
    }),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.left-out-rules-kept",
    "a v2 rule set only adds: the group's rules it leaves out are kept",
    async (call) => {
      const rules = objectOf(call.body).rules;
      if (Array.isArray(rules) && rules.length > 0) {
        const group = await forwardTo(call, "PATCH", v1GroupPath(call), undefined);
        rules.push(...objectsOf(objectOf(group.body).security_group_rules).map(ruleAsWanted));
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroupV2.rule-made-anew",
    "a rule given again in a v2 rule set is removed and made anew, with a new id",
    async (call) => {
      const rules = objectOf(call.body).rules;
      if (Array.isArray(rules) && rules.length > 0) {
        const cleared = await forwardTo(call, "PATCH", call.url.pathname, { rules: [] });
        for (const id of stringsOf(objectOf(cleared.body).tasks))
          await forwardTo(call, "POST", `/__sandbox/tasks/${id}/complete`, { state: "FINISHED" });
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroupV2.empty-rules-ignored",
    "a v2 update with rules: [] leaves the group's rules as they are",
    fixBody(
      (b) => Array.isArray(b.rules) && b.rules.length === 0,
      (b) => delete b.rules,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.rule-note-dropped",
    "the description of a rule in a v2 rule set is not kept",
    fixBody(
      (b) => Array.isArray(b.rules),
      (b) => {
        for (const rule of objectsOf(b.rules)) delete rule.description;
      },
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.open-rule-made-tcp",
    "a rule of a v2 rule set given without a protocol is made a TCP rule",
    fixBody(
      (b) => Array.isArray(b.rules),
      (b) => {
        for (const rule of objectsOf(b.rules)) rule.protocol ??= "tcp";
      },
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.merge-replaces",
    "a v2 tags merge patch replaces every user tag instead of merging",
    async (call) => {
      const patch = objectOf(call.body).tags;
      if (isObject(patch)) {
        const group = await forwardTo(call, "PATCH", v1GroupPath(call), undefined);
        for (const tag of objectsOf(objectOf(group.body).tags_v2)) {
          if (tag.read_only !== true && !(String(tag.key) in patch)) patch[String(tag.key)] = null;
        }
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroupV2.tags-null-ignored",
    '"tags": null in a v2 update leaves the user tags as they are',
    fixBody(
      (b) => b.tags === null,
      (b) => delete b.tags,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.read-only-tags-dropped",
    "a v2 tags change, once applied, drops the group's read-only tags",
    async (call) => {
      const patches = isObject(call.body) && "tags" in call.body;
      const answer = await call.forward();
      const tasks = stringsOf(objectOf(answer.body).tasks);
      if (!patches || !isSuccess(answer.status) || tasks.length === 0) return answer;
      // Applied now, then the group's read-only tags taken out of the tenant's world through its snapshot.
      for (const id of tasks)
        await forwardTo(call, "POST", `/__sandbox/tasks/${id}/complete`, { state: "FINISHED" });
      const groupId = call.url.pathname.split("/").at(-1);
      const snapshot = structuredClone((await forwardTo(call, "GET", "/__sandbox/snapshot", undefined)).body);
      dropReadOnlyTags(snapshot, groupId);
      await forwardTo(call, "PUT", "/__sandbox/snapshot", snapshot);
      return answer;
    },
  ),
];
