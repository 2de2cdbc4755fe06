import { PAGE_SIZE_LIMITS, type paths } from "@cloud-contract/types";
import type { CallOptions, CloudClient } from "./call-types.js";
import { CloudError } from "./errors.js";
import { unwrap } from "./unwrap.js";

type JsonBody<Op> = Op extends { responses: { 200: { content: { "application/json": infer Body } } } }
  ? Body
  : never;
type GetOf<Path extends keyof paths> = paths[Path] extends { get: infer Op } ? Op : null;
type IsList<Op> = Op extends {
  parameters: { query?: { limit?: number; offset?: number } };
  responses: { 200: { content: { "application/json": { count: number; results: unknown[] } } } };
}
  ? true
  : false;

/** The GET paths that answer with a `{ count, results }` page and take `limit`/`offset`. */
export type PaginatedPath = {
  [Path in keyof paths]: IsList<GetOf<Path>> extends true ? Path : never;
}[keyof paths];

/** One item of the list at `Path`, e.g. `Task` for the active tasks. */
export type PageItem<Path extends PaginatedPath> =
  JsonBody<GetOf<Path>> extends { results: (infer Item)[] } ? Item : never;

/** How far a walk may go before it stops with a {@link PaginationError} (`"max-pages"`, `"max-items"`). */
export interface PaginateLimits {
  /** The most pages fetched (default {@link DEFAULT_MAX_PAGES}). */
  maxPages?: number;
  /** The most items yielded (default {@link DEFAULT_MAX_ITEMS}). */
  maxItems?: number;
}

/** The options of the GET at `Path` (path parameters, filters, `limit` as page size, `signal` …) and the limits. */
export type PaginateInit<Path extends PaginatedPath> = CallOptions<GetOf<Path>> & PaginateLimits;

/** The page size asked for when neither the caller nor the spec gives a limit. */
export const DEFAULT_PAGE_SIZE = 100;
export const DEFAULT_MAX_PAGES = 1_000;
export const DEFAULT_MAX_ITEMS = 100_000;

/** Why a walk was stopped. */
export type PaginationStop =
  /** A page had no `results` list. */
  | "not-a-page"
  /** A page had no `count` (a whole number ≥ 0). */
  | "count-missing"
  /** A page held items past its own `count` (offset + items > count). */
  | "count-contradicted"
  /** A page was the same as the one before it (the server ignored the offset). */
  | "page-repeated"
  | "max-pages"
  | "max-items";

/** A list that does not keep its own paging rules, or a walk past its limits: it stops instead of running on. */
export class PaginationError extends CloudError {
  override name = "PaginationError";
  declare readonly reason: PaginationStop;
  /** The path template of the list. */
  declare readonly path: string;
  /** The pages fetched and the items yielded before the stop. */
  declare readonly pages: number;
  declare readonly items: number;
  /** The offset of the last page fetched. */
  declare readonly offset: number;

  constructor(reason: PaginationStop, at: { path: string; pages: number; items: number; offset: number }) {
    super(`paginate ${at.path}: ${reason} after ${at.pages} pages (${at.items} items, offset ${at.offset})`);
    Object.assign(this, { reason, ...at });
  }
}

/** A page as a list's GET answers it, its fields unchecked until read. */
interface Page<Item> {
  count?: unknown;
  results?: Item[];
  next?: string | null;
}

type Query = Record<string, unknown>;
type GetInit = { params?: { query?: Query } & Record<string, unknown> } & Record<string, unknown>;

/**
 * Iterates over every item of a limit/offset list, fetching pages as they are needed:
 *
 * ```ts
 * for await (const task of paginate(client, "/cloud/v1/tasks/{project_id}/{region_id}/active", {
 *   params: { path: { project_id: 1, region_id: 1 } },
 * })) console.log(task.id);
 * ```
 *
 * The page size is the `limit` given (default: the list's maximum), capped at the list's maximum. It
 * follows the `next` link where the API sends one, and stops on an empty page, a `next` of null, or once
 * `count` items are behind it, so it never asks for a page past the end. An error status throws `ApiError`;
 * a page without `results` or `count`, one with items past its `count`, one that repeats the page before,
 * or more than `maxPages` pages or `maxItems` items throw {@link PaginationError}.
 */
export async function* paginate<Path extends PaginatedPath>(
  client: CloudClient,
  path: Path,
  ...[init]: Partial<PaginateInit<Path>> extends PaginateInit<Path>
    ? [init?: PaginateInit<Path>]
    : [init: PaginateInit<Path>]
): AsyncGenerator<PageItem<Path>, void, undefined> {
  const {
    maxPages = DEFAULT_MAX_PAGES,
    maxItems = DEFAULT_MAX_ITEMS,
    ...base
  } = (init ?? {}) as GetInit & PaginateLimits;
  const { limit: requested, offset: start, ...filters }: Query = base.params?.query ?? {};
  // The largest page of each list, generated from the spec; `satisfies` holds its lists equal to the types'.
  const limits = PAGE_SIZE_LIMITS satisfies Readonly<Record<PaginatedPath, number | undefined>>;
  const limit = pageSize(requested, limits[path]);
  // openapi-fetch's GET, called with a path the types know only as a paginated one.
  const get = client.GET as unknown as (
    path: string,
    init: GetInit,
  ) => Promise<
    | { data: Page<PageItem<Path>>; error?: never; response: Response }
    | { data?: never; error: unknown; response: Response }
  >;
  let offset = Math.max(0, Number(start ?? 0) || 0);
  let pages = 0;
  let items = 0;
  let previous: string | undefined;
  const stop = (reason: PaginationStop) => new PaginationError(reason, { path, pages, items, offset });
  for (;;) {
    if (pages >= maxPages) throw stop("max-pages");
    const query = { ...filters, limit, offset };
    const page = unwrap(await get(path, { ...base, params: { ...base.params, query } }));
    pages++;
    const { results, count } = page;
    if (!Array.isArray(results)) throw stop("not-a-page");
    if (typeof count !== "number" || !Number.isInteger(count) || count < 0) throw stop("count-missing");
    if (offset + results.length > count) {
      throw stop("count-contradicted");
    }
    if (results.length > 0) {
      const fingerprint = JSON.stringify(results);
      if (fingerprint === previous) throw stop("page-repeated");
      previous = fingerprint;
    }
    for (const item of results) {
      if (items >= maxItems) throw stop("max-items");
      items++;
      yield item;
    }
    if (results.length === 0 || page.next === null) return;
    const following =
      (typeof page.next === "string" ? offsetOf(page.next) : undefined) ?? offset + results.length;
    if (following <= offset || following >= count) return;
    offset = following;
  }
}

function pageSize(requested: unknown, maximum: number | undefined): number {
  const wanted = typeof requested === "number" && requested >= 1 ? Math.floor(requested) : undefined;
  return Math.min(wanted ?? maximum ?? DEFAULT_PAGE_SIZE, maximum ?? Number.POSITIVE_INFINITY);
}

/** The `offset` query parameter of a `next` link (absolute or relative), if it has one. */
function offsetOf(link: string): number | undefined {
  try {
    const value = new URL(link, "http://relative.invalid/").searchParams.get("offset");
    const offset = value === null ? Number.NaN : Number(value);
    return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
  } catch {
    return undefined;
  }
}
