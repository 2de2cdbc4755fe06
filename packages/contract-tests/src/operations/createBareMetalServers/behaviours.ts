// createBareMetalServers: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, retryStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

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

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/paths/~1cloud~1v1~1bminstances~1{project_id}~1{region_id}/post/description", [
    [
      "The call returns at once with the IDs of the tasks that do the work; poll each with `getTask` until its `state` is `FINISHED` (the task's `created_resources` then names the server) or `ERROR`.",
      ["bare-metal.tasks-readable", "tasks.end"],
    ],
    [
      "The sandbox holds at most 10,000 tasks, servers and ports each per tenant (configurable); a creation beyond that is a 400 and starts nothing.",
      "limit",
    ],
  ]),
].flat();
