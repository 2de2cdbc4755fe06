// Routes a Playwright page's (or browser context's) calls to the API into an in-process sandbox in the test's
// process. Typed by the few methods it uses, so that playwright, playwright-core and @playwright/test all fit.
import { baseUrlsOf, sandboxUrlOf } from "./adapters/base-urls.js";
import { corsHeaders, isPreflight } from "./sandbox/http/cors.js";
import type { InProcessSandbox } from "./sandbox/in-process.js";

export { API_BASE_URL } from "./adapters/base-urls.js";

/** What this adapter reads of a Playwright `Request`. */
export interface RoutedRequest {
  url(): string;
  method(): string;
  allHeaders(): Promise<Record<string, string>>;
  postDataBuffer(): Buffer | null;
}

/** What this adapter does with a Playwright `Route`. */
export interface SandboxRoute {
  request(): RoutedRequest;
  fulfill(response: { status: number; headers: Record<string, string>; body: Buffer }): Promise<void>;
  abort(errorCode?: string): Promise<void>;
}

/** A Playwright `Page` or `BrowserContext`. */
export interface Routable {
  route(url: string, handler: (route: SandboxRoute) => Promise<void>): Promise<unknown>;
  unroute(url: string, handler?: (route: SandboxRoute) => Promise<void>): Promise<unknown>;
}

export interface RouteSandboxOptions {
  /** The base URL(s) to route (default the API's own host, https://api.gcore.com). */
  baseUrl?: string | readonly string[];
}

/**
 * Routes every request of `target` below the base URL(s) to the sandbox, and answers the browser's CORS checks
 * for them (the page's own origin is allowed). A dropped connection (a `reset` fault) aborts the request.
 * Resolves to a function that removes the routes.
 */
export async function routeSandbox(
  target: Routable,
  sandbox: InProcessSandbox,
  options: RouteSandboxOptions = {},
): Promise<() => Promise<void>> {
  const routes = baseUrlsOf(options.baseUrl).map((base) => {
    const handler = (route: SandboxRoute) => answer(route, sandbox, base);
    return { pattern: `${base}/**`, handler };
  });
  for (const { pattern, handler } of routes) await target.route(pattern, handler);
  return async () => {
    for (const { pattern, handler } of routes) await target.unroute(pattern, handler);
  };
}

async function answer(route: SandboxRoute, sandbox: InProcessSandbox, base: string): Promise<void> {
  const request = route.request();
  const headers = await request.allHeaders();
  // The test's own page calls its sandbox: its origin is allowed, whatever it is.
  const cors = headers.origin ? corsHeaders(headers.origin, headers) : {};
  if (isPreflight(request.method(), headers)) {
    await route.fulfill({ status: 204, headers: cors, body: Buffer.alloc(0) });
    return;
  }
  const body = request.postDataBuffer();
  let response: Response;
  try {
    response = await sandbox.fetch(sandboxUrlOf(request.url(), base), {
      method: request.method(),
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  } catch {
    await route.abort("connectionreset");
    return;
  }
  const answered: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => {
    answered[name] = value;
  });
  await route.fulfill({
    status: response.status,
    headers: answered,
    body: Buffer.from(await response.arrayBuffer()),
  });
}
