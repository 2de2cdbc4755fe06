// A call as the journal keeps it: what was sent (without the key) and answered, bodies cut, and the contract's
// verdict of the exchange — the request's breaks are the caller's (the sandbox refused it for them), the
// answer's the sandbox's (judged by the spec model, as the contract suite judges).
import { type DocumentModel, isJsonMediaType } from "@cloud-contract/spec/model";
import type { ContractViolation, ExchangeVerdict, JournalEntry, JournalMessage } from "../control/schema.js";
import { ApiError } from "../http/api-error.js";
import type { AnsweredCall } from "../http/pipeline-options.js";
import { sandboxVerdict } from "../http/self-check.js";
import { receive } from "../http/stages/receive.js";
import { validate } from "../http/stages/validate.js";
import { HTTP_OWN_STATUSES } from "../openapi/operations.js";
import { OVERRIDE_HEADER } from "../overrides/take.js";

/** Most characters of a body an entry keeps. */
export const JOURNAL_BODY_LIMIT = 8 * 1024;
/** Answers longer than this (characters) are not judged: the journal must not cost a large read its speed. */
const JUDGED_ANSWER_LIMIT = 256 * 1024;

/** The statuses a refusal of the request for its form answers (a refusal for its ids or scope keeps the contract). */
const REFUSED_FORM = new Set([400, 415, 422]);

/** The headers as sent, names in lower case, the key left out. */
function requestHeaders(headers: AnsweredCall<unknown>["request"]["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.toLowerCase() === "authorization") continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

function message(headers: Record<string, string>, body: string | undefined): JournalMessage {
  if (body === undefined) return { headers, body: null, truncated: false };
  const truncated = body.length > JOURNAL_BODY_LIMIT;
  return { headers, body: truncated ? body.slice(0, JOURNAL_BODY_LIMIT) : body, truncated };
}

/** `body.items.0.name` → `{ in: "body", pointer: "/items/0/name" }`, as the request validation names fields. */
function violationOfField(field: string, rule: string): ContractViolation {
  const [where = "body", ...steps] = field.split(".");
  const part = where === "path" || where === "query" ? where : "body";
  return { in: part, pointer: steps.map((step) => `/${step}`).join(""), rule };
}

/** How the request breaks the contract: the sandbox's refusal of its form, field by field. */
function requestViolations(call: AnsweredCall<unknown>): ContractViolation[] {
  const { error, answeredBy } = call;
  if (!(error instanceof ApiError) || !REFUSED_FORM.has(error.status)) return [];
  if (answeredBy !== validate && answeredBy !== receive) return [];
  const fields = Object.entries(error.invalidFields ?? {});
  if (fields.length > 0) {
    return fields.flatMap(([field, rules]) => rules.map((rule) => violationOfField(field, rule)));
  }
  return [{ in: error.status === 415 ? "header" : "body", pointer: "", rule: error.message }];
}

type AnswerJudgement = { violations: ContractViolation[] } | { note: string };

/** How the answer breaks the contract, judged by the spec model; or why it was not judged. */
function judgeAnswer(model: DocumentModel, call: AnsweredCall<unknown>): AnswerJudgement {
  const { response, operation, request } = call;
  if (response.status === 0) return { note: "The connection was cut: there is no answer to judge." };
  if (request.method === "HEAD") return { note: "An answer to HEAD has no body to judge." };
  const text = response.body;
  if (text !== undefined && text.length > JUDGED_ANSWER_LIMIT) {
    return { note: `The answer's body is longer than ${JUDGED_ANSWER_LIMIT} characters.` };
  }
  const type = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1];
  let body: unknown;
  if (text !== undefined && text !== "") {
    if (!isJsonMediaType(type ?? "")) return { note: `The answer is ${type ?? "untyped"}, not JSON.` };
    try {
      body = JSON.parse(text);
    } catch {
      return { violations: [{ in: "body", pointer: "", rule: "The answer's body is not valid JSON." }] };
    }
  }
  const verdict = sandboxVerdict(model, operation.operationId, response.status, body);
  if (!verdict.documented && HTTP_OWN_STATUSES.has(response.status)) return { violations: [] };
  return {
    violations: verdict.violations.map((v) => ({
      in: v.kind,
      pointer: v.pointer === "/" ? "" : v.pointer,
      rule: v.message,
    })),
  };
}

function verdictOf(model: DocumentModel, call: AnsweredCall<unknown>): ExchangeVerdict {
  const request_violations = requestViolations(call);
  const judged = judgeAnswer(model, call);
  const answer_violations = "violations" in judged ? judged.violations : [];
  const breach =
    request_violations.length > 0
      ? "caller"
      : answer_violations.length > 0
        ? "sandbox"
        : "note" in judged
          ? "unjudged"
          : "none";
  return {
    breach,
    request_violations,
    answer_violations,
    ...("note" in judged ? { note: judged.note } : {}),
  };
}

/** What answered the call: a fault, an override, the handler, or the sandbox itself. */
function answeredBy(
  call: AnsweredCall<unknown>,
  overrideId: string | undefined,
): JournalEntry["answered_by"] {
  if (overrideId !== undefined) return "override";
  const { fault } = call;
  if (fault && (fault.kind === "reset" || fault.kind === "status")) return "fault";
  return call.error === undefined ? "handler" : "sandbox";
}

/** The journal's entry for an answered call, at `nowMs` of the tenant's clock. */
export function journalEntry(
  model: DocumentModel,
  call: AnsweredCall<unknown>,
  nowMs: number,
): Omit<JournalEntry, "id"> {
  const { request, response, fault } = call;
  const overrideId = Object.entries(response.headers).find(
    ([name]) => name.toLowerCase() === OVERRIDE_HEADER.toLowerCase(),
  )?.[1];
  const sent = call.raw?.text ?? (typeof request.body === "string" ? request.body : undefined);
  return {
    at: new Date(nowMs).toISOString(),
    operation_id: call.operation.operationId,
    method: request.method,
    path: call.path,
    query: call.rawQuery,
    status: response.status,
    duration_ms: Math.round(call.durationMs * 100) / 100,
    answered_by: answeredBy(call, overrideId),
    fault: fault ? { kind: fault.kind, delay_ms: fault.delayMs } : null,
    override_id: overrideId ?? null,
    verdict: verdictOf(model, call),
    request: message(requestHeaders(request.headers), sent === "" ? undefined : sent),
    answer: message(lowerCased(response.headers), response.body),
  };
}
