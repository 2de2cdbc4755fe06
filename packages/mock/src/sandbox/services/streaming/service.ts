import { declareService, ENTITIES_ONLY } from "../service.js";
import { STREAMING_ENTITIES } from "./entities.js";
import { streamingErrorBody } from "./error-body.js";
import { STREAMING_HANDLERS } from "./handlers/index.js";

/** The streaming service: live streams. */
export const STREAMING_SERVICE = declareService({
  ...ENTITIES_ONLY,
  entities: STREAMING_ENTITIES,
  handlers: STREAMING_HANDLERS,
  errorBody: streamingErrorBody,
});
