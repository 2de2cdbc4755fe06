import type { Middleware } from "openapi-fetch";
import { propertyOf } from "../property.js";

/** The environment variable read when no `apiKey` option is given. */
export const API_KEY_ENV = "CLOUD_API_KEY";

/** Visible ASCII only: anything else cannot travel in a header (and would make fetch echo it in an error). */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
const SCHEME_PREFIX = /^apikey\s+/i;

/**
 * The API key to use: the `apiKey` option, else `CLOUD_API_KEY` from the environment (where the runtime has
 * one). Throws when there is none, or when it cannot be sent in a header; the message never repeats the key.
 */
export function resolveApiKey(apiKey: string | undefined): string {
  const source = apiKey === undefined ? `the ${API_KEY_ENV} environment variable` : "the apiKey option";
  const raw = apiKey ?? readEnv(API_KEY_ENV);
  if (raw === undefined) {
    throw new TypeError(
      `createCloudClient: no API key. Pass { apiKey } or set the ${API_KEY_ENV} environment variable.`,
    );
  }
  if (typeof raw !== "string") throw new TypeError("createCloudClient: apiKey must be a string.");
  const key = raw.trim().replace(SCHEME_PREFIX, "");
  if (key === "") throw new TypeError(`createCloudClient: the API key from ${source} is empty.`);
  if (!KEY_PATTERN.test(key)) {
    throw new TypeError(
      `createCloudClient: the API key from ${source} contains spaces, control or non-ASCII characters ` +
        "and cannot be sent in a header; check how it was copied.",
    );
  }
  return key;
}

/** Reads an environment variable without assuming Node: browsers have no `process`, Deno may deny access. */
function readEnv(name: string): string | undefined {
  try {
    const value = propertyOf(propertyOf(propertyOf(globalThis, "process"), "env"), name);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's default headers: `Authorization: apikey <KEY>` (the only place the key goes) and the
 * `User-Agent`, if one is given. openapi-fetch merges them into every request it builds, which costs nothing
 * beyond building the request itself; a call may still pass its own `Authorization` (another key) on purpose.
 */
export function authHeaders(apiKey: string, userAgent?: string): Record<string, string> {
  const headers: Record<string, string> = { Authorization: `apikey ${apiKey}` };
  if (userAgent) headers["User-Agent"] = userAgent;
  return headers;
}

/**
 * The same header as openapi-fetch middleware, for a plain openapi-fetch client:
 * `createClient<paths>({ baseUrl }).use(createAuthMiddleware(key))`. It overrides whatever `Authorization` a
 * call passes.
 */
export function createAuthMiddleware(apiKey: string): Middleware {
  const value = `apikey ${apiKey}`;
  return {
    onRequest({ request }) {
      request.headers.set("Authorization", value);
    },
  };
}
