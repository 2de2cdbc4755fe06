import type { OperationId } from "@cloud-contract/types";
import type { CallInfo } from "./errors.js";
import { identify } from "./operation-id.js";

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

/** Tells `hook` of each deprecated operation once; a promise only when it reports (a hook that throws is ignored). */
export type DeprecationReporter = (call: CallInfo, response: Response) => Promise<void> | undefined;

/** The reporter of one client, or undefined without a hook (nothing is reported, and nothing is printed). */
export function deprecationReporter(hook: DeprecationHook | undefined): DeprecationReporter | undefined {
  if (!hook) return undefined;
  const reported = new Set<string>();
  return (call, response) => {
    const deprecation = response.headers.get("deprecation");
    const key = `${call.method} ${call.path}`;
    if (deprecation === null || reported.has(key)) return undefined;
    reported.add(key);
    const sunset = response.headers.get("sunset");
    return identify(call).then(({ operationId }) => {
      try {
        hook({
          operationId,
          method: call.method,
          path: call.path,
          deprecatedAt: structuredDate(deprecation),
          successor: successorLink(response.headers.get("link")),
          sunset: sunset === null ? undefined : validDate(new Date(sunset)),
        });
      } catch {
        // The hook's own failure never costs the call its answer.
      }
    });
  };
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
