import { declareKind, noIndexes, numberId } from "../entity-kind.js";
import { cdnResources } from "./fixtures.js";
import { CDN_RESOURCE_SCHEMA } from "./resource-schema.js";
import type { CdnResource } from "./shapes.js";

/** The kinds of entity the CDN service owns. */
export const CDN_ENTITIES = {
  cdnResources: declareKind({
    idOf: (resource: CdnResource) => resource.id,
    parseId: numberId,
    seed: cdnResources,
    indexes: noIndexes,
    contract: { schema: CDN_RESOURCE_SCHEMA },
  }),
};
