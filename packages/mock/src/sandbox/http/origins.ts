// Which web pages may call the sandbox from another origin: an allow-list of exact origins. By default the
// docs server's (`pnpm docs:serve` on its default port); the sandbox's own origin is always allowed.

/** The origins `pnpm docs:serve` serves the API reference from by default (its Try it can then Send here). */
export const DOCS_SERVER_ORIGINS: readonly string[] = ["http://127.0.0.1:8080", "http://localhost:8080"];

/**
 * The origin `text` names, as browsers send it in `Origin` (`http://localhost:3000`); undefined when `text` is
 * not an http(s) origin: a path, query, fragment or user part, or `null`.
 */
export function parseOrigin(text: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/?$/i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || url.hostname === "") return undefined;
  return url.origin;
}

/** The origins a sandbox answers CORS to: the default ones and those it was told (already parsed). */
export function allowedOrigins(extra: readonly string[] = []): ReadonlySet<string> {
  return new Set([...DOCS_SERVER_ORIGINS, ...extra]);
}

/**
 * Whether a request's `Origin` may call the sandbox: one of `allowed`, or the sandbox's own origin (the one
 * its `Host` names, checked before this). `null` (sandboxed frames, `file://` pages) never is.
 */
export function isAllowedOrigin(
  origin: string,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (allowed.has(origin)) return true;
  return host !== undefined && origin === `http://${host}`;
}
