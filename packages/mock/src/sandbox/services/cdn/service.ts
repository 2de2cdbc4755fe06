import { errorsOrMessage } from "../errors-or-message.js";
import { declareService, ENTITIES_ONLY } from "../service.js";
import { CDN_ENTITIES } from "./entities.js";
import { CDN_HANDLERS } from "./handlers/index.js";

/** The CDN service: CDN resources and their certificates. */
export const CDN_SERVICE = declareService({
  ...ENTITIES_ONLY,
  entities: CDN_ENTITIES,
  handlers: CDN_HANDLERS,
  errorBody: errorsOrMessage,
});
