// MSW 2 request handlers answered by an in-process sandbox: `setupServer(...sandboxHandlers(sandbox))` in Node,
// `setupWorker(...)` in a browser. msw is an optional peer dependency of this package.
import { HttpResponse, http, type RequestHandler } from "msw";
import { baseUrlsOf, sandboxUrlOf } from "./adapters/base-urls.js";
import type { InProcessSandbox } from "./sandbox/in-process.js";

export { API_BASE_URL } from "./adapters/base-urls.js";

export interface SandboxHandlerOptions {
  /** The base URL(s) the handlers answer (default the API's own host, https://api.gcore.com). */
  baseUrl?: string | readonly string[];
}

/**
 * One handler per base URL: every request below it (the control API's `/__sandbox/…` too) is answered by the
 * sandbox, as the HTTP server would answer it. A dropped connection (a `reset` fault) is a network error.
 */
export function sandboxHandlers(
  sandbox: InProcessSandbox,
  options: SandboxHandlerOptions = {},
): RequestHandler[] {
  return baseUrlsOf(options.baseUrl).map((base) =>
    // A regular expression made once: a string path would be parsed again by MSW for every request.
    http.all(new RegExp(`^${escapeRegExp(base)}/`), async ({ request }) => {
      try {
        return await sandbox.fetch(await forwarded(request, base));
      } catch (error) {
        if (error instanceof TypeError) return HttpResponse.error();
        throw error;
      }
    }),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The request as the sandbox is asked it: as it is, or (under a base with a path) at the path below it. */
async function forwarded(request: Request, base: string): Promise<Request> {
  const url = sandboxUrlOf(request.url, base);
  if (url === request.url) return request;
  const body =
    request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers: request.headers, body, signal: request.signal });
}
