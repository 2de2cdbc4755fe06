// replacePortAllowedAddressPairs: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import {
  appliedDespite503,
  appliedElsewhere,
  appliedOnRefusal,
  fixBody,
  restatus,
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.replacePortAllowedAddressPairs.task-id-number",
    "the pairs' change answers its task id as a number",
    rewriteSuccess((b) => {
      b.tasks = [4711];
    }),
  ),
  bug(
    "status.replacePortAllowedAddressPairs.200-as-201",
    "the pairs' change answered 201",
    rewriteStatus(200, restatus(201)),
  ),
  bug(
    "validation.replacePortAllowedAddressPairs.pairs-truncated",
    "more than 10 pairs are cut to the first 10 instead of refused",
    fixBody(
      (b) => Array.isArray(b.allowed_address_pairs) && b.allowed_address_pairs.length > 10,
      (b) => {
        const pairs = b.allowed_address_pairs;
        if (Array.isArray(pairs)) b.allowed_address_pairs = pairs.slice(0, 10);
      },
    ),
  ),
  bug(
    "behaviour.replacePortAllowedAddressPairs.not-applied",
    "the pairs' change answers task ids but starts nothing",
    appliedElsewhere,
  ),
  bug(
    "atomicity.replacePortAllowedAddressPairs.refused-but-applied",
    "more than 10 pairs are refused, and the first 10 applied all the same",
    appliedOnRefusal("any", (b) =>
      Array.isArray(b.allowed_address_pairs) && b.allowed_address_pairs.length > 10
        ? { allowed_address_pairs: b.allowed_address_pairs.slice(0, 10) }
        : undefined,
    ),
  ),
  bug(
    "retry.replacePortAllowedAddressPairs.503-applied",
    "a change of the pairs answered 503 starts its task all the same",
    appliedDespite503,
  ),
];
