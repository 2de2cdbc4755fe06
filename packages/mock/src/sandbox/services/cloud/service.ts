import { declareService } from "../service.js";
import { CLOUD_ENTITIES } from "./entities.js";
import { cloudReference, listCloudReference } from "./reference.js";

/** The cloud service: security groups, ports, instances and tasks over regions, projects and flavors. */
export const CLOUD_SERVICE = declareService({
  entities: CLOUD_ENTITIES,
  counters: {},
  reference: cloudReference,
  listReference: listCloudReference,
});
