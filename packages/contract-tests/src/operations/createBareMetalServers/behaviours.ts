// createBareMetalServers: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).
import { type Behaviour, retryStatement } from "../../stateful/behaviour.js";

const BM = "spec/paths/cloud_v1_bminstances_{project_id}_{region_id}.yaml";

export const behaviours: readonly Behaviour[] = [
  {
    id: "bare-metal.tasks-readable",
    operationId: "createBareMetalServers",
    source: "spec/paths/cloud_v1_bminstances_{project_id}_{region_id}.yaml",
    statement: "the creation answers the ids of the tasks doing the work; each can be read with getTask",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.createBareMetalServers.not-applied",
  },
  {
    id: "bare-metal.all-or-nothing",
    operationId: "createBareMetalServers",
    source: `${BM}, packages/mock/README.md (What the sandbox does)`,
    statement: "a refused creation starts no task",
    probe: "tasks-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.createBareMetalServers.refused-but-started",
  },
  retryStatement("createBareMetalServers", "retry.createBareMetalServers.503-applied"),
];
