// checkRegistryQuota: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { otherShape, withoutHeader, wrongKeyAccepted } from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import { objectOf } from "../json-fields.js";
import type { OperationFacts } from "./operation-facts.js";

export const checkRegistryQuota: OperationFacts = {
  bugs: [
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
  ],
  behaviours: [
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
  ],
};
