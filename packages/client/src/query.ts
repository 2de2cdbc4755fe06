import { COMMA_JOINED_PARAMS } from "@cloud-contract/types";

/**
 * Serializes query parameters the way the API reads them: arrays as repeated parameters
 * (`task_type=a&task_type=b`) except the spec's `explode: false` ones ({@link COMMA_JOINED_PARAMS}, generated with
 * the types; openapi-fetch ignores per-parameter styles), booleans as `true`/`false`, numbers as
 * written; `undefined`, `null` and empty arrays are left out. Objects are not used by this API and throw.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  let search = "";
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    const key = encodeURIComponent(name);
    if (Array.isArray(value)) {
      if (COMMA_JOINED_PARAMS.some((param) => param === name)) {
        const joined = value.filter(isPresent).map(encodeValue).join(",");
        if (joined) search += `${search ? "&" : ""}${key}=${joined}`;
        continue;
      }
      for (const item of value) {
        if (isPresent(item)) search += `${search ? "&" : ""}${key}=${encodeValue(item)}`;
      }
      continue;
    }
    search += `${search ? "&" : ""}${key}=${encodeValue(value)}`;
  }
  return search;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function encodeValue(value: unknown): string {
  if (typeof value === "object") {
    throw new TypeError("query parameters must be strings, numbers, booleans or arrays of them");
  }
  return encodeURIComponent(String(value));
}
