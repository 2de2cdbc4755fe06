// previewInstancePrice: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { fixBody, leaking, outOfScopeAccepted, restatus } from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";

export const bugs: readonly SeededBug[] = [
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
];
