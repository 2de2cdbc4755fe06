// replacePortAllowedAddressPairs: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, retryStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

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

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v2~1ports~1{project_id}~1{region_id}~1{port_id}~1allow_address_pairs/put/description",
    [
      ["The list replaces the port's current pairs; an empty list removes them all.", "noPortRead"],
      ["At most 10 pairs.", ["ports.all-or-nothing", "invalid-refused"]],
      [
        "The change is asynchronous: the answer lists the IDs of the tasks that apply it.",
        ["ports.tasks-readable"],
      ],
      [
        "Poll each task (`GET /cloud/v1/tasks/{task_id}`) until it is `FINISHED` or `ERROR` before relying on the new pairs.",
        "advice",
      ],
      [
        "The sandbox holds at most 10,000 tasks per tenant (configurable); beyond that the call is a 400 and changes nothing.",
        "limit",
      ],
    ],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v2~1ports~1{project_id}~1{region_id}~1{port_id}~1allow_address_pairs/put/requestBody/description",
    [["Optional; without a body the list is empty, which removes every pair.", "noPortRead"]],
  ),
].flat();
