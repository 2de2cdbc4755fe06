// updateSecurityGroupV2: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import type { Behaviour } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

const SOURCE = "spec/paths/cloud_v2_security_groups_{project_id}_{region_id}_{group_id}.yaml";

export const behaviours: readonly Behaviour[] = [
  {
    id: "security-groups-v2.tasks-readable",
    operationId: "updateSecurityGroupV2",
    source: SOURCE,
    statement: "the change answers the ids of the tasks that apply it; each can be read with getTask",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.updateSecurityGroupV2.not-applied",
  },
  {
    id: "security-groups-v2.applied",
    operationId: "updateSecurityGroupV2",
    source: SOURCE,
    statement:
      "once its task ends, the group has the name, description and tag the change gave it, and the rules it left out (as the v1 update answers it)",
    probe: "group-v2-applied",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.description-ignored",
  },
  {
    id: "security-groups-v2.nothing-no-task",
    operationId: "updateSecurityGroupV2",
    source: `${SOURCE}, spec/components/schemas/SecurityGroupUpdateV2Request.yaml`,
    statement:
      "a change that changes nothing (the same change again, or no body) starts no task: tasks is empty",
    probe: "group-v2-applied",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.task-for-nothing",
  },
  {
    id: "security-groups-v2.rule-set",
    operationId: "updateSecurityGroupV2",
    source: `${SOURCE}, spec/components/schemas/SecurityGroupUpdateV2Request.yaml rules`,
    statement:
      "rules is the whole rule set: once the task ends, rules the group lacked are there and rules left out are gone",
    probe: "group-v2-rules",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.left-out-rules-kept",
  },
  {
    id: "security-groups-v2.rule-kept",
    operationId: "updateSecurityGroupV2",
    source: `${SOURCE}, spec/components/schemas/SecurityGroupUpdateV2Request.yaml rules`,
    statement: "a rule given again is kept as it was: its id and every field unchanged",
    probe: "group-v2-rules",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.rule-made-anew",
  },
  {
    id: "security-groups-v2.rules-emptied",
    operationId: "updateSecurityGroupV2",
    source: "spec/components/schemas/SecurityGroupUpdateV2Request.yaml rules",
    statement: "rules: [] removes every rule of the group",
    probe: "group-v2-rules",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.empty-rules-ignored",
  },
  {
    id: "security-groups-v2.rule-note",
    operationId: "updateSecurityGroupV2",
    source: "spec/components/schemas/SecurityGroupRuleV2.yaml description",
    statement: "a new rule's description is the note sent with it, and empty when none was sent",
    probe: "group-v2-rules",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.rule-note-dropped",
  },
  {
    id: "security-groups-v2.rule-unrestricted",
    operationId: "updateSecurityGroupV2",
    source:
      "spec/components/schemas/SecurityGroupRuleV2.yaml, spec/components/schemas/SecurityGroupRule.yaml",
    statement:
      "a rule given with only its direction is taken and shows no restriction: protocol, ports and remote side null, ethertype IPv4",
    probe: "group-v2-rules",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.open-rule-made-tcp",
  },
  {
    id: "security-groups-v2.tags-merge",
    operationId: "updateSecurityGroupV2",
    source: `${SOURCE}, spec/components/schemas/TagsMergePatch.yaml`,
    statement:
      "tags is a JSON Merge Patch of the user tags: a string sets a tag, null removes it, keys left out are untouched",
    probe: "group-v2-tags",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.merge-replaces",
  },
  {
    id: "security-groups-v2.tags-null",
    operationId: "updateSecurityGroupV2",
    source: `${SOURCE}, spec/components/schemas/SecurityGroupUpdateV2Request.yaml`,
    statement: '"tags": null removes every user tag',
    probe: "group-v2-tags",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.tags-null-ignored",
  },
  {
    id: "security-groups-v2.read-only-tags-kept",
    operationId: "updateSecurityGroupV2",
    source: `${SOURCE}, spec/components/schemas/SecurityGroupUpdateV2Request.yaml`,
    statement: 'read-only tags stay whatever the tags patch says, "tags": null included',
    probe: "group-v2-tags",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroupV2.read-only-tags-dropped",
  },
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v2~1security_groups~1{project_id}~1{region_id}~1{group_id}/patch/description",
    [
      [
        "Changes a security group's name, description, rules and tags, asynchronously: the answer lists the IDs of the tasks that apply the change.",
        ["security-groups-v2.tasks-readable", "security-groups-v2.applied"],
      ],
      [
        "Poll each task (`GET /cloud/v1/tasks/{task_id}`) until it is `FINISHED` or `ERROR` before relying on the new state.",
        "advice",
      ],
      [
        "`name` and `description` replace the group's own; a value equal to the current one is skipped.",
        ["security-groups-v2.applied", "security-groups-v2.nothing-no-task"],
      ],
      [
        "`rules` is the complete rule set wanted: rules the group lacks are added, rules it has that the list leaves out are removed, and a rule given again is kept as it is.",
        ["security-groups-v2.rule-set", "security-groups-v2.rule-kept"],
      ],
      [
        '`tags` is a JSON Merge Patch of the user tags, as in the older update: a string sets a tag, `null` removes it, keys left out are untouched, `"tags": null` removes every user tag; read-only tags stay.',
        [
          "security-groups-v2.tags-merge",
          "security-groups-v2.tags-null",
          "security-groups-v2.read-only-tags-kept",
        ],
      ],
      [
        "When nothing would change, no task is started and `tasks` is empty.",
        ["security-groups-v2.nothing-no-task"],
      ],
      [
        "The sandbox holds at most 10,000 tasks per tenant (configurable); beyond that the call is a 400 and changes nothing.",
        "limit",
      ],
    ],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v2~1security_groups~1{project_id}~1{region_id}~1{group_id}/patch/requestBody/description",
    [
      [
        "Optional; without a body nothing changes and no task is started.",
        ["security-groups-v2.nothing-no-task"],
      ],
    ],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v2~1security_groups~1{project_id}~1{region_id}~1{group_id}/patch/responses/200/description",
    [
      [
        "The change was accepted; these tasks apply it (none when the request changes nothing).",
        [
          "security-groups-v2.tasks-readable",
          "security-groups-v2.applied",
          "security-groups-v2.nothing-no-task",
        ],
      ],
    ],
  ),
].flat();
