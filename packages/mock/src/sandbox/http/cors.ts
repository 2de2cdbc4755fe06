// Calls from a browser page on another origin (the docs page's Try it, from file:// or any host): the
// browser's preflight answered here, and every answer readable by the page. The Playwright adapter uses the
// same headers for the calls it routes.
import type { SandboxCore } from "./exchange.js";

/** What lets the page read the answer across origins: its own origin allowed, with the headers it asked for. */
export function corsHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const origin = headers.origin;
  if (typeof origin !== "string" || origin === "") return {};
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
export const isPreflight = (method: string, headers: Record<string, string | string[] | undefined>) =>
  method === "OPTIONS" && headers["access-control-request-method"] !== undefined;

/** The core behind CORS: a preflight answered 204, the headers above on every answer to a call with an Origin. */
export function withCors(core: SandboxCore): SandboxCore {
  return async (request) => {
    const cors = corsHeaders(request.headers);
    if (!cors["access-control-allow-origin"]) return core(request);
    if (isPreflight(request.method, request.headers)) return { status: 204, headers: cors, body: undefined };
    const answer = await core(request);
    return { ...answer, headers: { ...answer.headers, ...cors } };
  };
}
