import { errorsOrMessage } from "../errors-or-message.js";
import { declareService, NO_PART } from "../service.js";
import { IAM_COUNTERS, IAM_ENTITIES, iamReference } from "./entities.js";
import { IAM_HANDLERS } from "./handlers/index.js";

/** The IAM service: resellers and their notification settings. */
export const IAM_SERVICE = declareService({
  entities: IAM_ENTITIES,
  counters: IAM_COUNTERS,
  reference: iamReference,
  listReference: (reference) => ({ resellers: [...reference.resellers.values()] }),
  tenantPart: () => NO_PART,
  handlers: IAM_HANDLERS,
  errorBody: errorsOrMessage,
});
