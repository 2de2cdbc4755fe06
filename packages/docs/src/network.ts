import type { BrowserContext } from "playwright-core";

/**
 * True for a URL that cannot leave the machine: the page's own file, inline data, in-memory blobs, and
 * the loopback server of `docs:serve`.
 */
export function isLocalUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === "file:" || protocol === "data:" || protocol === "blob:" || protocol === "about:")
    return true;
  return (protocol === "http:" || protocol === "https:" || protocol === "ws:") && hostname === "127.0.0.1";
}

export interface RequestLog {
  /** Every URL the page asked for, in order. */
  all: string[];
  /** Those that would have left the machine (they are aborted, never sent). */
  outside: () => string[];
}

/** Records every request of the context and aborts any that would leave the machine. */
export async function recordRequests(context: BrowserContext): Promise<RequestLog> {
  const all: string[] = [];
  context.on("request", (request) => all.push(request.url()));
  await context.route("**/*", (route) =>
    isLocalUrl(route.request().url()) ? route.continue() : route.abort(),
  );
  return { all, outside: () => all.filter((url) => !isLocalUrl(url)) };
}
