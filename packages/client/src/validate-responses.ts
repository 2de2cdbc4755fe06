// Loaded by the client only when `validateResponses` is on (see ./response-check.ts): the answer of a call
// judged by the spec's own model and validator (`@cloud-contract/spec/bundled`: the bundle as a module, so
// that it runs in browsers too), the same that the sandbox and the contract suite judge answers with.
import type { DocumentModel } from "@cloud-contract/spec/model";
import type { CallInfo, ResponseValidationError } from "./errors.js";
import type { CloudClientLogger } from "./middleware/log.js";
import type { Redact, redactDeep } from "./redact.js";
import type { FetchResult } from "./unwrap.js";

// Imported dynamically even here: a bundle that inlines this module (no code splitting) must not turn it into
// a static import of the whole client.
let model: Promise<DocumentModel> | undefined;

/** How a client judges answers: what `validate-responses` needs from the client's settings. */
export interface CheckSettings {
  mode: "warn" | "throw";
  logger: CloudClientLogger | undefined;
  redact: Redact;
  /** Handed over rather than imported, so that the judge's chunk shares no module with the client's. */
  redactDeep: typeof redactDeep;
  ResponseValidationError: typeof ResponseValidationError;
}

/**
 * Judges the answer of a call: in mode "throw" a violation of the spec throws ResponseValidationError, in
 * mode "warn" it goes to the logger as an `invalid-response` event. A success body read other than as JSON
 * (`parseAs: "text"`, `"stream"` …) is not judged.
 */
export async function checkAnswer(
  settings: CheckSettings,
  call: CallInfo,
  result: FetchResult,
  parseAs: string | undefined,
): Promise<void> {
  const { response } = result;
  const { operationId, method, path } = call;
  if (!operationId || (response.ok && parseAs !== undefined && parseAs !== "json")) return;
  model ??= import("@cloud-contract/spec/bundled").then((spec) => spec.bundledModel());
  const verdict = (await model).checkResponse(
    operationId,
    response.status,
    response.headers.get("content-type"),
    response.ok ? result.data : result.error,
  );
  if (verdict.valid) return;
  const { redact, redactDeep, ResponseValidationError } = settings;
  const violations = verdict.violations.map(({ pointer, message, value }) => ({
    pointer,
    message,
    value: redactDeep(value, redact),
  }));
  const id = response.headers.get("x-request-id");
  const requestId = id === null ? undefined : redact(id);
  const { status } = response;
  if (settings.mode === "warn") {
    settings.logger?.({ type: "invalid-response", method, path, operationId, status, requestId, violations });
    return;
  }
  const [first = { pointer: "/", message: "breaks the spec", value: undefined }] = violations;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : "";
  throw new ResponseValidationError(
    `${method} ${path} (${operationId}) answered ${status}, which breaks the spec at ${first.pointer}: ` +
      `${first.message}${more}`,
    { method, path, operationId, status, requestId, violations, pointer: first.pointer, value: first.value },
  );
}
