import { declareKind, noIndexes, numberId } from "../entity-kind.js";
import { declareEntityService } from "../service.js";
import { cdnResources } from "./fixtures.js";
import { CDN_RESOURCE_SCHEMA } from "./resource-schema.js";
import type { CdnResource } from "./shapes.js";

/** The CDN service: CDN resources and their certificates. */
export const CDN_SERVICE = declareEntityService({
  cdnResources: declareKind({
    idOf: (resource: CdnResource) => resource.id,
    parseId: numberId,
    seed: cdnResources,
    indexes: noIndexes,
    contract: { schema: CDN_RESOURCE_SCHEMA },
  }),
});
