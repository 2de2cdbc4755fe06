// previewInstancePrice: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import type { Behaviour } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

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

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v2~1pricing~1{project_id}~1{region_id}~1instances/post/description",
    [
      [
        "The answer gives the totals per hour and per month with VAT, the split per charged item, traffic prices per GB, the discount and the tax rate.",
        ["response-conforms", "pricing.vm-count"],
      ],
      [
        "`price_status` tells whether a user interface should show the price.",
        ["response-conforms", "pricing.vm-count"],
      ],
    ],
  ),
].flat();
