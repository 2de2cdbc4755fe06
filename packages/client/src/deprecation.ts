// Reports deprecated operations to a client's `onDeprecated` hook. Loaded with the first answer that carries a
// `Deprecation` header, so that clients that never meet one do not carry this code.
import type { OperationId } from "@cloud-contract/types";
import type { CallInfo } from "./errors.js";

/** What the API said about a deprecated operation, the first time a client called it. */
export interface DeprecationNotice {
  /** The operation, when it is one of the spec's. */
  operationId: OperationId | undefined;
  method: string;
  /** The path template called. */
  path: string;
  /** When the operation was (or will be) deprecated: the `Deprecation` header (RFC 9745); undefined if unreadable. */
  deprecatedAt: Date | undefined;
  /** The URL of the operation that replaces it: the `Link` with `rel="successor-version"`, when sent. */
  successor: string | undefined;
  /** From when it may stop working: the `Sunset` header (RFC 8594), when sent. */
  sunset: Date | undefined;
}

/** Receives one {@link DeprecationNotice} per deprecated operation and client. */
export type DeprecationHook = (notice: DeprecationNotice) => void;

/** A client's hook and the operations (`METHOD path`) already reported to it. */
export interface DeprecationReporting {
  hook: DeprecationHook;
  reported: Set<string>;
}

/**
 * Tells the hook of a deprecated answer to `call` (its operationId filled in), unless its operation was reported
 * already; the hook's own failure never costs the call its answer.
 */
export function reportDeprecation(reporting: DeprecationReporting, call: CallInfo, response: Response): void {
  const key = `${call.method} ${call.path}`;
  if (reporting.reported.has(key)) return;
  reporting.reported.add(key);
  const sunset = response.headers.get("sunset");
  try {
    reporting.hook({
      operationId: call.operationId,
      method: call.method,
      path: call.path,
      deprecatedAt: structuredDate(response.headers.get("deprecation") ?? ""),
      successor: successorLink(response.headers.get("link")),
      sunset: sunset === null ? undefined : validDate(new Date(sunset)),
    });
  } catch {
    // Ignored: see above.
  }
}

/** RFC 9745's value, a structured-field date: `@` and whole seconds since the Unix epoch. */
function structuredDate(value: string): Date | undefined {
  const match = /^@(-?\d{1,15})$/.exec(value.trim());
  return match ? validDate(new Date(Number(match[1]) * 1000)) : undefined;
}

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? undefined : date);

/** The target of the first link whose `rel` names `successor-version` in a `Link` header (RFC 8288). */
function successorLink(header: string | null): string | undefined {
  if (header === null) return undefined;
  for (const [, target, params] of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params ?? "");
    const types = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (types.includes("successor-version")) return target;
  }
  return undefined;
}
