// replacePortAllowedAddressPairs: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).
import { type Behaviour, retryStatement } from "../../stateful/behaviour.js";

const PORTS = "spec/paths/cloud_v2_ports_{project_id}_{region_id}_{port_id}_allow_address_pairs.yaml";

export const behaviours: readonly Behaviour[] = [
  {
    id: "ports.tasks-readable",
    operationId: "replacePortAllowedAddressPairs",
    source: "spec/paths/cloud_v2_ports_{project_id}_{region_id}_{port_id}_allow_address_pairs.yaml",
    statement: "the change answers the ids of the tasks that apply it; each can be read with getTask",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.replacePortAllowedAddressPairs.not-applied",
  },
  {
    id: "ports.all-or-nothing",
    operationId: "replacePortAllowedAddressPairs",
    source: `${PORTS} (at most 10 pairs)`,
    statement: "a refused change of the pairs (more than 10) starts no task",
    probe: "tasks-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.replacePortAllowedAddressPairs.refused-but-applied",
  },
  retryStatement("replacePortAllowedAddressPairs", "retry.replacePortAllowedAddressPairs.503-applied"),
];
