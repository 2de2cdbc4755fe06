// checkRegistryQuota: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import type { Behaviour } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

export const behaviours: readonly Behaviour[] = [
  {
    id: "registry.exceeded-quotas",
    operationId: "checkRegistryQuota",
    source: "spec/paths/cloud_v1_registries_{project_id}_{region_id}_check_limits.yaml",
    statement:
      "each exceeded quota comes as <quota>_limit, _usage and _requested; the storage requested is the one sent",
    probe: "quota-fields",
    check: "changes-applied",
    brokenBy: "behaviour.checkRegistryQuota.requested-ignored",
  },
  {
    id: "registry.creates-nothing",
    operationId: "checkRegistryQuota",
    source: "spec/paths/cloud_v1_registries_{project_id}_{region_id}_check_limits.yaml",
    statement: "a check creates nothing: the same check twice gives the same answer",
    probe: "quota-fields",
    check: "changes-applied",
    brokenBy: "behaviour.checkRegistryQuota.check-uses-quota",
  },
  {
    id: "registry.digits-kept",
    operationId: "checkRegistryQuota",
    source:
      "packages/mock/README.md (What the sandbox does): an integer beyond ±(2^53 − 1) is answered with all its digits",
    statement: "a storage_limit beyond 2^53 is answered as registry_storage_requested with all its digits",
    probe: "digits-kept",
    check: "values-kept",
    brokenBy: "values.checkRegistryQuota.big-integer-rounded",
  },
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1registries~1{project_id}~1{region_id}~1check_limits/post/description",
    [
      [
        "The answer is a dictionary of the quotas the registry would exceed, each as `<quota>_limit`, `<quota>_usage` and `<quota>_requested`.",
        ["registry.exceeded-quotas"],
      ],
    ],
  ),
].flat();
