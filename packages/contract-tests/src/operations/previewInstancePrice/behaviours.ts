// previewInstancePrice: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).
import type { Behaviour } from "../../stateful/behaviour.js";

export const behaviours: readonly Behaviour[] = [
  {
    id: "pricing.vm-count",
    operationId: "previewInstancePrice",
    source: "spec/paths/cloud_v2_pricing_{project_id}_{region_id}_instances.yaml",
    statement: "the number of instances priced follows from names and is returned as vm_count",
    probe: "vm-count",
    check: "changes-applied",
    brokenBy: "behaviour.previewInstancePrice.vm-count-lies",
  },
];
