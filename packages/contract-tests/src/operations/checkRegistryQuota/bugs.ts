// checkRegistryQuota: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { otherShape, withoutHeader, wrongKeyAccepted } from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";
import { objectOf } from "../../json-fields.js";

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.checkRegistryQuota.limit-as-string",
    "the quota check answers a limit as a string",
    rewriteSuccess((b) => {
      b.registry_storage_limit = "1000";
    }),
  ),
  bug(
    "status.checkRegistryQuota.401-in-another-shape",
    "a quota check without a valid key has a 401 body in no cloud shape",
    rewriteStatus(401, otherShape),
  ),
  bug("auth.checkRegistryQuota.wrong-key", "a quota is checked with an unknown key", wrongKeyAccepted),
  bug(
    "behaviour.checkRegistryQuota.requested-ignored",
    "the storage requested is answered as 0, whatever was sent",
    rewriteSuccess((b) => {
      if ("registry_storage_requested" in b) b.registry_storage_requested = 0;
    }),
  ),
  bug(
    "behaviour.checkRegistryQuota.check-uses-quota",
    "each check adds the storage it asks for to the usage, as if it created the registry",
    rewriteSuccess((b, call) => {
      const used = Number(call.memory.get("used") ?? 0);
      const asked = Number(objectOf(call.body).storage_limit ?? 0);
      call.memory.set("used", used + asked);
      if (typeof b.registry_storage_usage === "number") b.registry_storage_usage += used;
    }),
  ),
  bug(
    "values.checkRegistryQuota.big-integer-rounded",
    "the answer is written from doubles: an integer beyond 2^53 loses its last digits",
    rewriteSuccess(() => undefined),
  ),
  bug(
    "errors.checkRegistryQuota.401-without-request-id",
    "a 401 has no X-Request-Id",
    withoutHeader(401, "x-request-id"),
  ),
];
