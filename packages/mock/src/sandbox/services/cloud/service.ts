import { declareService } from "../service.js";
import { CloudPart } from "./cloud-part.js";
import { completeTask } from "./complete-task.js";
import { CLOUD_ENTITIES } from "./entities.js";
import { cloudErrorBody } from "./error-body.js";
import { CLOUD_HANDLERS } from "./handlers/index.js";
import { cloudReference, listCloudReference } from "./reference.js";
import { CLOUD_SNAPSHOT } from "./snapshot-section.js";

/** The cloud service: security groups, ports, instances and tasks over regions, projects and flavors. */
export const CLOUD_SERVICE = declareService({
  entities: CLOUD_ENTITIES,
  counters: {},
  reference: cloudReference,
  listReference: listCloudReference,
  tenantPart: (host, options) => new CloudPart(host, options),
  snapshot: CLOUD_SNAPSHOT,
  handlers: CLOUD_HANDLERS,
  control: { completeTask },
  errorBody: cloudErrorBody,
});
