// Calls from a browser page on another origin: answered with CORS only for the origins allowed (the
// sandbox's own, the docs server's, those given with --allow-origin). A control call (/__sandbox/…, the
// console) from any other origin is refused before it reaches the core; an API call from one is served
// without CORS, so the page cannot read it (and a preflight without them stops it from being sent).
import { CONTROL_PREFIX } from "../control/control-api.js";
import type { SandboxCore } from "./exchange.js";
import { isAllowedOrigin, parseOrigin } from "./origins.js";
import { refusalAnswer } from "./refusal.js";

type Headers = Record<string, string | string[] | undefined>;

/** What lets a page on `origin` read the answer: its origin, with the headers it asked for. */
export function corsHeaders(origin: string, headers: Headers): Record<string, string> {
  const asked = headers["access-control-request-headers"];
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE",
    "access-control-allow-headers": typeof asked === "string" ? asked : "authorization, content-type",
    "access-control-expose-headers": "*",
    vary: "Origin",
  };
}

/** True for a browser's CORS preflight (not an API call: the core never sees it). */
export const isPreflight = (method: string, headers: Headers) =>
  method === "OPTIONS" && headers["access-control-request-method"] !== undefined;

/**
 * The core behind CORS for the `allowed` origins: their preflights answered 204 and their answers readable;
 * a control call from another origin a 403 that changes nothing.
 */
export function withCors(core: SandboxCore, allowed: ReadonlySet<string>): SandboxCore {
  return async (request) => {
    const { origin, host } = request.headers;
    if (typeof origin !== "string") return core(request);
    const hostName = typeof host === "string" ? host : undefined;
    if (!isAllowedOrigin(origin, hostName, allowed)) {
      if (!request.url.startsWith(CONTROL_PREFIX)) return core(request);
      const hint = parseOrigin(origin) ? `; start it with --allow-origin ${origin} to allow it` : "";
      return refusalAnswer(
        403,
        "CrossOriginRefused",
        `The sandbox's controls answer no page on ${origin}${hint}.`,
      );
    }
    const cors = corsHeaders(origin, request.headers);
    if (isPreflight(request.method, request.headers)) return { status: 204, headers: cors, body: undefined };
    const answer = await core(request);
    return { ...answer, headers: { ...answer.headers, ...cors } };
  };
}
