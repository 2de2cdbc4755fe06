// The behavioural statement of the security group update v2 (spec/paths/cloud_v2_security_groups_*.yaml), kept
// apart from behaviours.ts, which lists it among the others.

export const SECURITY_GROUP_V2_BEHAVIOURS = [
  {
    id: "security-groups-v2.tasks-readable",
    operationId: "updateSecurityGroupV2",
    source: "spec/paths/cloud_v2_security_groups_{project_id}_{region_id}_{group_id}.yaml",
    statement: "the change answers the ids of the tasks that apply it; each can be read with getTask",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.updateSecurityGroupV2.not-applied",
  },
] as const;
