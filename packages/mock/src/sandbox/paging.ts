import { ApiError } from "./http/api-error.js";

/** Links to the neighbouring pages of a limit/offset list, or null at either end. */
export function pageLinks(
  prefix: string,
  rawQuery: string,
  count: number,
  offset: number,
  limit: number | undefined,
): { next: string | null; previous: string | null } {
  const sent = new URLSearchParams(rawQuery);
  const link = (at: bigint) => {
    const params = new URLSearchParams(rawQuery);
    if (limit !== undefined) params.set("limit", String(exactly(sent, "limit", limit)));
    params.set("offset", String(at));
    return `${prefix}?${params.toString()}`;
  };
  const from = exactly(sent, "offset", offset);
  if (limit === undefined) return { next: null, previous: from > 0n ? link(0n) : null };
  const size = exactly(sent, "limit", limit);
  return {
    next: from + size < BigInt(count) ? link(from + size) : null,
    previous: from > 0n ? link(from > size ? from - size : 0n) : null,
  };
}

/** A page position as a bigint: the query's own digits where the number lies beyond ±(2^53 − 1), rounded. */
function exactly(sent: URLSearchParams, name: string, value: number): bigint {
  const text = sent.get(name);
  return !Number.isSafeInteger(value) && text !== null && /^-?\d+$/.test(text) ? BigInt(text) : BigInt(value);
}

/** The page size to use: `limit` when it is 1 or more, else `fallback` (no minimum is published, so none is refused). */
export function pageSize<T extends number | undefined>(limit: number | undefined, fallback: T): number | T {
  return limit !== undefined && limit >= 1 ? limit : fallback;
}

type SortValue = string | number | boolean | null | undefined;

/**
 * A comparator for `ordering` keys (`name` ascending, `-name` descending), applied in order, with `tieBreak`
 * last. Text compares case-insensitively; nulls sort after every value in ascending order.
 */
export function orderingComparator<T>(
  keys: string[],
  getters: Record<string, (item: T) => SortValue>,
  tieBreak: (a: T, b: T) => number,
): (a: T, b: T) => number {
  const steps = keys.map((key) => {
    const descending = key.startsWith("-");
    const name = descending ? key.slice(1) : key;
    const get = getters[name];
    if (!get)
      throw new ApiError(400, `Cannot order by "${name}"; use one of ${Object.keys(getters).join(", ")}.`);
    return { get, sign: descending ? -1 : 1 };
  });
  return (a, b) => {
    for (const { get, sign } of steps) {
      const result = compareValues(get(a), get(b));
      if (result !== 0) return sign * result;
    }
    return tieBreak(a, b);
  };
}

function compareValues(a: SortValue, b: SortValue): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (typeof a === "string" && typeof b === "string") {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
