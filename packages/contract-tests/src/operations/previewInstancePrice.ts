// previewInstancePrice: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { fixBody, leaking, outOfScopeAccepted, restatus } from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import type { OperationFacts } from "./operation-facts.js";

export const previewInstancePrice: OperationFacts = {
  bugs: [
    bug(
      "shape.previewInstancePrice.price-status-outside-enum",
      "price_status is outside its enum",
      rewriteSuccess((b) => {
        b.price_status = "maybe";
      }),
    ),
    bug(
      "status.previewInstancePrice.200-as-202",
      "a price preview answered 202",
      rewriteStatus(200, restatus(202)),
    ),
    bug(
      "auth.previewInstancePrice.out-of-scope",
      "a key bound to another project previews a price in this one",
      outOfScopeAccepted,
    ),
    bug(
      "validation.previewInstancePrice.flavor-defaulted",
      "a price preview without its required flavor gets a default flavor",
      fixBody(
        (b) => !("flavor" in b),
        (b) => (b.flavor = SANDBOX_FIXTURES.vmFlavor),
      ),
    ),
    bug(
      "behaviour.previewInstancePrice.vm-count-lies",
      "vm_count is one more than the instances named",
      rewriteSuccess((b) => {
        if (typeof b.vm_count === "number") b.vm_count += 1;
      }),
    ),
    bug(
      "errors.previewInstancePrice.error-shows-port",
      "errors name the pricing database and its port",
      leaking("(pricing-db.internal:5432)"),
    ),
  ],
  behaviours: [
    {
      id: "pricing.vm-count",
      operationId: "previewInstancePrice",
      source: "spec/paths/cloud_v2_pricing_{project_id}_{region_id}_instances.yaml",
      statement: "the number of instances priced follows from names and is returned as vm_count",
      probe: "vm-count",
      check: "changes-applied",
      brokenBy: "behaviour.previewInstancePrice.vm-count-lies",
    },
  ],
};
