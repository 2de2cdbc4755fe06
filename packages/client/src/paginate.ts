import { PAGE_SIZE_LIMITS, type paths } from "@cloud-contract/types";
import type { CallOptions, CloudClient } from "./call-types.js";
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

/** The options of the GET at `Path` (path parameters, filters, `limit` as page size, `signal` …). */
export type PaginateInit<Path extends PaginatedPath> = CallOptions<GetOf<Path>>;

/** The page size asked for when neither the caller nor the spec gives a limit. */
export const DEFAULT_PAGE_SIZE = 100;

interface Page {
  count: number;
  results: unknown[];
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
 * `count` items are behind it, so it never asks for a page past the end. An error status throws `ApiError`.
 */
export async function* paginate<Path extends PaginatedPath>(
  client: CloudClient,
  path: Path,
  ...[init]: Partial<PaginateInit<Path>> extends PaginateInit<Path>
    ? [init?: PaginateInit<Path>]
    : [init: PaginateInit<Path>]
): AsyncGenerator<PageItem<Path>, void, undefined> {
  const base = (init ?? {}) as GetInit;
  const { limit: requested, offset: start, ...filters }: Query = base.params?.query ?? {};
  // The largest page of each list, generated from the spec; `satisfies` holds its lists equal to the types'.
  const limits = PAGE_SIZE_LIMITS satisfies Readonly<Record<PaginatedPath, number | undefined>>;
  const limit = pageSize(requested, limits[path]);
  const get = client.GET as unknown as (path: string, init: GetInit) => Promise<{ response: Response }>;
  let offset = Math.max(0, Number(start ?? 0) || 0);
  for (;;) {
    const query = { ...filters, limit, offset };
    const page = unwrap(await get(path, { ...base, params: { ...base.params, query } })) as Page;
    for (const item of page.results) yield item as PageItem<Path>;
    if (page.results.length === 0 || page.next === null) return;
    const following =
      (typeof page.next === "string" ? offsetOf(page.next) : undefined) ?? offset + page.results.length;
    if (following <= offset || following >= page.count) return;
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
