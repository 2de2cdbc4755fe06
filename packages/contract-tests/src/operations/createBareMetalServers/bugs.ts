// createBareMetalServers: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import {
  appliedDespite503,
  appliedElsewhere,
  appliedOnRefusal,
  fixBody,
  leaking,
  restatus,
  wrongKeyAccepted,
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.createBareMetalServers.tasks-null",
    "a creation answers tasks: null",
    rewriteSuccess((b) => {
      b.tasks = null;
    }),
  ),
  bug(
    "status.createBareMetalServers.400-as-500",
    "a creation the sandbox refuses with 400 is answered 500",
    rewriteStatus(400, restatus(500)),
  ),
  bug("auth.createBareMetalServers.wrong-key", "servers are created with an unknown key", wrongKeyAccepted),
  bug(
    "validation.createBareMetalServers.flavor-defaulted",
    "a creation without its required flavor gets a default flavor",
    fixBody(
      (b) => !("flavor" in b),
      (b) => (b.flavor = SANDBOX_FIXTURES.bareMetalFlavor),
    ),
  ),
  bug(
    "behaviour.createBareMetalServers.not-applied",
    "a creation answers task ids but starts nothing",
    appliedElsewhere,
  ),
  bug(
    "behaviour.createBareMetalServers.ssh-key-ignored",
    "a creation's ssh_key_name is dropped: the server is built without its key pair",
    fixBody(
      (b) => "ssh_key_name" in b,
      (b) => delete b.ssh_key_name,
    ),
  ),
  bug(
    "atomicity.createBareMetalServers.refused-but-started",
    "a creation refused for its missing flavor starts a server all the same",
    appliedOnRefusal("any", (b) =>
      b.flavor === undefined ? { ...b, flavor: SANDBOX_FIXTURES.bareMetalFlavor } : undefined,
    ),
  ),
  bug(
    "errors.createBareMetalServers.error-shows-path",
    "errors name a configuration file",
    leaking("(see /var/lib/cloud/bm/flavors.yaml)"),
  ),
  bug(
    "retry.createBareMetalServers.503-applied",
    "a creation answered 503 starts its server all the same",
    appliedDespite503,
  ),
];
