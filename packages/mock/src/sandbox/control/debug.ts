import type { ExtraRoute } from "../http/api-handler.js";
import { sendJson } from "../http/send.js";
import type { Store } from "../store.js";

export const DEBUG_PREFIX = "/__sandbox/";

/** `POST /__sandbox/reset` and `GET /__sandbox/state`: outside the spec, no key needed. */
export function debugRoutes(store: Store): ExtraRoute {
  return (req, res, path, requestId) => {
    if (!path.startsWith(DEBUG_PREFIX)) return false;
    req.resume();
    const route = `${req.method} ${path}`;
    if (route === "POST /__sandbox/reset") {
      store.reset();
      sendJson(res, 200, { message: "The sandbox state is back to its seeded fixtures." }, requestId);
    } else if (route === "GET /__sandbox/state") {
      sendJson(res, 200, store.snapshot(), requestId);
    } else {
      sendJson(
        res,
        404,
        {
          message: `No debug endpoint ${route}; there are POST /__sandbox/reset and GET /__sandbox/state.`,
          exception_class: "NotFound",
          request_id: requestId,
        },
        requestId,
      );
    }
    return true;
  };
}
