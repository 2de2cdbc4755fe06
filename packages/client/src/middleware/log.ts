import type { OperationId } from "@cloud-contract/types";
import { REDACTED, type Redact } from "../redact.js";

interface CallEvent {
  method: string;
  /** The path template. */
  path: string;
  /** The attempt of the call: 1 for the first request, 2 for the first retry, … */
  attempt: number;
}

/** One debug event. Secrets are already redacted: the Authorization header never appears in clear. */
export type CloudClientLogEvent =
  | (CallEvent & { type: "request"; url: string; headers: Record<string, string> })
  | (CallEvent & {
      type: "response";
      url: string;
      status: number;
      /** From sending the request to the parsed body, in ms. */
      durationMs: number;
      /** The `X-Request-ID` header, when the server sent one. */
      requestId: string | undefined;
    })
  | (CallEvent & {
      type: "retry";
      /** The retry about to happen (1 = the first). */
      retry: number;
      delayMs: number;
      /** Why: `status 503`, `network error (ECONNRESET) reaching …`. */
      reason: string;
    })
  | (Omit<CallEvent, "attempt"> & {
      /** The final answer of a call breaks the spec (`validateResponses: "warn"`). */
      type: "invalid-response";
      operationId: OperationId | undefined;
      status: number;
      requestId: string | undefined;
      /** What breaks the spec, by JSON pointer into the body (`/` for status and content type). */
      violations: { pointer: string; message: string; value: unknown }[];
    });

/** Receives debug events; give it as the `logger` option (e.g. `(event) => console.debug(event)`). */
export type CloudClientLogger = (event: CloudClientLogEvent) => void;

/** Headers whose values are credentials: shown by scheme only. */
const SECRET_HEADERS = ["authorization", "proxy-authorization", "cookie"];

/** The `request` event of one attempt, with credentials redacted. */
export function requestEvent(request: Request, call: CallEvent, redact: Redact): CloudClientLogEvent {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = SECRET_HEADERS.includes(name) ? redactCredential(value) : redact(value);
  });
  return { type: "request", ...call, url: redact(request.url), headers };
}

/** `apikey 1234…` → `apikey [REDACTED]`: the scheme stays readable, the credential does not. */
function redactCredential(value: string): string {
  const space = value.indexOf(" ");
  return space > 0 ? `${value.slice(0, space)} ${REDACTED}` : REDACTED;
}
