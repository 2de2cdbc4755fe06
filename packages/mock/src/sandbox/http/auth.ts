import { ApiError } from "./api-error.js";

/** What a key may touch. A key with neither list may touch everything. */
export interface KeyScope {
  /** Project IDs the key is bound to. */
  projects?: number[];
  /** Reseller IDs the key is bound to. */
  resellers?: number[];
}

export type ScopeKind = keyof KeyScope;

/**
 * The scheme word `apikey` in any letter case (an HTTP auth scheme is case-insensitive, RFC 9110 §11.1;
 * the official SDKs send `APIKey`), exactly one space, then a key without whitespace.
 */
const APIKEY = /^apikey ([^\s]+)$/i;

/**
 * The key of an `Authorization: <apikey in any case> <KEY>` header, or undefined when the header is
 * missing or malformed.
 */
export function parseApiKey(header: string | string[] | undefined): string | undefined {
  if (typeof header !== "string") return undefined;
  return APIKEY.exec(header)?.[1];
}

/**
 * Whether `scope` allows the resource `id` of `kind`. An unbound key allows everything; a bound key
 * allows only what it lists (a key bound to projects may not act for a reseller, and the other way round).
 */
function scopeAllows(scope: KeyScope, kind: ScopeKind, id: number): boolean {
  if (scope.projects === undefined && scope.resellers === undefined) return true;
  return scope[kind]?.includes(id) ?? false;
}

/** A 403 naming the resource unless `scope` allows it (see {@link scopeAllows}). */
export function assertScopeAllows(scope: KeyScope, kind: ScopeKind, id: number): void {
  if (!scopeAllows(scope, kind, id)) {
    throw new ApiError(403, `This API key may not act on ${kind.slice(0, -1)} ${id}.`);
  }
}
