import type { EntityKind, EntityOf } from "./entities.js";
import type { ReferenceLists } from "./services/services.js";

/**
 * Everything the sandbox knows, as `GET /__sandbox/state` shows it: every service's reference data and every
 * kind of entity, as lists (derived from the services' declarations).
 */
export type SandboxState = {
  [K in keyof ReferenceLists | EntityKind]: K extends EntityKind
    ? EntityOf<K>[]
    : K extends keyof ReferenceLists
      ? ReferenceLists[K]
      : never;
};
