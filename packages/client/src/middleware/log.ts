import type { Middleware } from "openapi-fetch";
import { REDACTED, type Redact } from "../redact.js";

/** One debug event. Secrets are already redacted: the Authorization header never appears in clear. */
export type CloudClientLogEvent =
  | { type: "request"; method: string; url: string; headers: Record<string, string> }
  | { type: "response"; method: string; url: string; status: number }
  | { type: "retry"; method: string; path: string; retry: number; delayMs: number; reason: string };

/** Receives debug events; give it as the `logger` option (e.g. `(event) => console.debug(event)`). */
export type CloudClientLogger = (event: CloudClientLogEvent) => void;

/** Headers whose values are credentials: shown by scheme only. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);

/** Middleware that reports every request and response to `logger`, with credentials redacted. */
export function createLogMiddleware(logger: CloudClientLogger, redact: Redact): Middleware {
  return {
    onRequest({ request }) {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = SECRET_HEADERS.has(name) ? redactCredential(value) : redact(value);
      });
      logger({ type: "request", method: request.method, url: redact(request.url), headers });
    },
    onResponse({ request, response }) {
      logger({ type: "response", method: request.method, url: redact(request.url), status: response.status });
    },
  };
}

/** `apikey 1234…` → `apikey [REDACTED]`: the scheme stays readable, the credential does not. */
function redactCredential(value: string): string {
  const space = value.indexOf(" ");
  return space > 0 ? `${value.slice(0, space)} ${REDACTED}` : REDACTED;
}
