// The base URLs an adapter answers for, and the sandbox's URL of a request sent to one of them.

/** The API's own host, the client's default base URL. */
export const API_BASE_URL = "https://api.gcore.com";

/** The base URLs given (the API's own host when none is), without a trailing slash. */
export function baseUrlsOf(baseUrl: string | readonly string[] | undefined): string[] {
  const given =
    baseUrl === undefined ? [API_BASE_URL] : typeof baseUrl === "string" ? [baseUrl] : [...baseUrl];
  return given.map((url) => {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
  });
}

/**
 * The URL the in-process sandbox is asked for a request to `url` under `base`: the path below the base's own
 * path (a base of `https://app.test/api` answers `/api/cloud/v1/…` as `/cloud/v1/…`), with the query.
 */
export function sandboxUrlOf(url: string, base: string): string {
  const target = new URL(url);
  const basePath = new URL(base).pathname.replace(/\/+$/, "");
  const path = target.pathname.startsWith(basePath)
    ? target.pathname.slice(basePath.length)
    : target.pathname;
  return `${new URL(base).origin}${path || "/"}${target.search}`;
}
