// The behavioural statements of the security group update v2 (spec/paths/cloud_v2_security_groups_*.yaml), kept
// apart from behaviours.ts, which lists it among the others.

const SOURCE = "spec/paths/cloud_v2_security_groups_{project_id}_{region_id}_{group_id}.yaml";

export const SECURITY_GROUP_V2_BEHAVIOURS = [
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
] as const;
