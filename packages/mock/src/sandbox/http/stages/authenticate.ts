import type { CompiledOperation } from "../../openapi/operations.js";
import { ApiError } from "../api-error.js";
import { type KeyScope, parseApiKey } from "../auth.js";
import type { SandboxRequest } from "../exchange.js";
import type { PipelineParts } from "./call.js";

/** Who calls: the key, its application (pinned for the call) and what the key may touch. */
export interface Caller<App> {
  key: string;
  app: App;
  scope: KeyScope;
}

/**
 * Authenticate: the key, then its application and scope together, looked up once; a missing, malformed or
 * unknown key is a 401. Operations that need no key are served by the application of `""`.
 */
export async function authenticate<App>(
  parts: PipelineParts<App>,
  op: CompiledOperation,
  request: SandboxRequest,
): Promise<Caller<App> | ApiError> {
  const { appFor } = parts.options;
  if (!op.authHeader) {
    const owner = await appFor("");
    return owner
      ? { key: "", app: owner.app, scope: {} }
      : unauthenticated("No application serves calls without a key.");
  }
  const key = parseApiKey(request.headers[op.authHeader]);
  if (key === undefined) {
    return unauthenticated("Authorization header missing or malformed; send `Authorization: apikey <KEY>`.");
  }
  const owner = await appFor(key);
  return owner ? { key, app: owner.app, scope: owner.scope ?? {} } : unauthenticated("Unknown API key.");
}

const unauthenticated = (message: string) =>
  new ApiError(401, message, { exceptionClass: "NotAuthenticated" });
