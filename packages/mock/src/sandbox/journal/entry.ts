// A call as the journal keeps it: what was sent and answered without credentials, bodies cut, and the contract's
// verdict of the exchange — the request's breaks are the caller's (the sandbox refused it for them), the
// answer's the sandbox's (judged by the spec model, as the contract suite judges). A call only pays for
// taking what it needs (`recordCall`); the entry is made, and judged, when the journal is read (`journalEntry`).
import { type DocumentModel, isJsonMediaType } from "@cloud-contract/spec/model";
import type { ContractViolation, ExchangeVerdict, JournalEntry, JournalMessage } from "../control/schema.js";
import { ApiError } from "../http/api-error.js";
import type { AnsweredCall, FaultAnswer } from "../http/pipeline-options.js";
import { sandboxVerdict } from "../http/self-check.js";
import { receive } from "../http/stages/receive.js";
import { validate } from "../http/stages/validate.js";
import { type CompiledOperation, HTTP_OWN_STATUSES } from "../openapi/operations.js";
import { OVERRIDE_HEADER } from "../overrides/take.js";
import { credentialHeaders, keptHeaders, masked } from "./credentials.js";

/** Most characters of a body an entry keeps. */
export const JOURNAL_BODY_LIMIT = 8 * 1024;
/** Answers longer than this (characters) are not judged: the journal must not cost a large read its speed. */
const JUDGED_ANSWER_LIMIT = 256 * 1024;

/** The statuses a refusal of the request for its form answers (a refusal for its ids or scope keeps the contract). */
const REFUSED_FORM = new Set([400, 415, 422]);

/** A body as kept: at most {@link JOURNAL_BODY_LIMIT} characters, a cut one copied off the whole text. */
interface KeptBody {
  text: string | undefined;
  truncated: boolean;
}

/** What the journal keeps of a call until it is read. */
export interface RecordedCall {
  atMs: number;
  operationId: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  fault: FaultAnswer | undefined;
  /** The error the sandbox answered with, if any. */
  error: unknown;
  /** Without credential headers, keys masked. */
  requestHeaders: Record<string, string>;
  /** Without credential headers, keys masked. */
  answerHeaders: Record<string, string>;
  requestBody: KeptBody;
  answerBody: KeptBody;
  /** The request's breaks of the contract. */
  requestBreaks: ContractViolation[];
  /** The verdict, made at once for an answer cut here (its whole body is not kept to judge later). */
  verdict: ExchangeVerdict | undefined;
}

const copyOf = (text: string) => JSON.parse(JSON.stringify(text)) as string;

function kept(whole: string | undefined, secrets: readonly string[]): KeptBody {
  const text = whole === undefined ? undefined : masked(whole, secrets);
  if (text === undefined || text.length <= JOURNAL_BODY_LIMIT) return { text, truncated: false };
  // A slice would keep the whole text alive: the cut is copied.
  return { text: copyOf(text.slice(0, JOURNAL_BODY_LIMIT)), truncated: true };
}

const headerChars = (headers: Record<string, string>) => {
  let chars = 0;
  for (const name in headers) chars += name.length + (headers[name]?.length ?? 0);
  return chars;
};

/** The characters a recorded call holds: its bodies and its headers. */
export const keptChars = (call: RecordedCall) =>
  (call.requestBody.text?.length ?? 0) +
  (call.answerBody.text?.length ?? 0) +
  headerChars(call.requestHeaders) +
  headerChars(call.answerHeaders);

/**
 * Where a field a refusal named is: `items.0.name` (by name) → `{ in: "body", pointer: "/items/0/name" }`, a
 * parameter's name → that part (`limit` → `{ in: "query", pointer: "/limit" }`); `body.items.0.name` (by location) says where itself.
 */
function violationOfField(op: CompiledOperation, field: string, rule: string): ContractViolation {
  const steps = field.split(".");
  if (op.fieldKeys === "location") {
    const [where = "body", ...rest] = steps;
    const part = where === "path" || where === "query" ? where : "body";
    return { in: part, pointer: pointerOf(rest), rule };
  }
  const parameter = [...op.pathParams, ...op.queryParams].find((p) => p.name === field);
  return { in: parameter ? parameter.in : "body", pointer: pointerOf(steps), rule };
}

const pointerOf = (steps: string[]) => steps.map((step) => `/${step}`).join("");

/** How the request breaks the contract: the sandbox's refusal of its form, field by field. */
function requestViolations(call: AnsweredCall<unknown>): ContractViolation[] {
  const { error, answeredBy } = call;
  if (!(error instanceof ApiError) || !REFUSED_FORM.has(error.status)) return [];
  if (answeredBy !== validate && answeredBy !== receive) return [];
  const fields = Object.entries(error.invalidFields ?? {});
  if (fields.length > 0) {
    return fields.flatMap(([field, rules]) =>
      rules.map((rule) => violationOfField(call.operation, field, rule)),
    );
  }
  return [{ in: error.status === 415 ? "header" : "body", pointer: "", rule: error.message }];
}

const headerOf = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

type AnswerJudgement = { violations: ContractViolation[] } | { note: string };

/** How the answer breaks the contract, judged by the spec model; or why it was not judged. */
function judgeAnswer(model: DocumentModel, call: RecordedCall, text: string | undefined): AnswerJudgement {
  const { status } = call;
  if (status === 0) return { note: "The connection was cut: there is no answer to judge." };
  if (call.method === "HEAD") return { note: "An answer to HEAD has no body to judge." };
  if (text !== undefined && text.length > JUDGED_ANSWER_LIMIT) {
    return { note: `The answer's body is longer than ${JUDGED_ANSWER_LIMIT} characters.` };
  }
  const type = headerOf(call.answerHeaders, "content-type");
  let body: unknown;
  if (text !== undefined && text !== "") {
    if (!isJsonMediaType(type ?? "")) return { note: `The answer is ${type ?? "untyped"}, not JSON.` };
    try {
      body = JSON.parse(text);
    } catch {
      return { violations: [{ in: "body", pointer: "", rule: "The answer's body is not valid JSON." }] };
    }
  }
  const verdict = sandboxVerdict(model, call.operationId, status, body);
  if (!verdict.documented && HTTP_OWN_STATUSES.has(status)) return { violations: [] };
  return {
    violations: verdict.violations.map((v) => ({
      in: v.kind,
      pointer: v.pointer === "/" ? "" : v.pointer,
      rule: v.message,
    })),
  };
}

function verdictOf(model: DocumentModel, call: RecordedCall, text: string | undefined): ExchangeVerdict {
  const request_violations = call.requestBreaks;
  const judged = judgeAnswer(model, call, text);
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

/**
 * What the journal takes of an answered call, at `nowMs` of the tenant's clock: `secrets` (the tenant's keys)
 * masked wherever they show up.
 */
export function recordCall(
  model: DocumentModel,
  call: AnsweredCall<unknown>,
  nowMs: number,
  secrets: readonly string[],
): RecordedCall {
  const { request, response } = call;
  const dropped = credentialHeaders(model);
  const sent = call.raw?.text ?? (typeof request.body === "string" ? request.body : undefined);
  const recorded: RecordedCall = {
    atMs: nowMs,
    operationId: call.operation.operationId,
    method: request.method,
    path: call.path,
    query: call.rawQuery,
    status: response.status,
    durationMs: call.durationMs,
    fault: call.fault,
    error: call.error,
    requestHeaders: keptHeaders(request.headers, dropped, secrets),
    answerHeaders: keptHeaders(response.headers, dropped, secrets),
    requestBody: kept(sent === "" ? undefined : sent, secrets),
    answerBody: kept(response.body, secrets),
    requestBreaks: requestViolations(call),
    verdict: undefined,
  };
  if (recorded.answerBody.truncated) recorded.verdict = verdictOf(model, recorded, response.body);
  return recorded;
}

/** Headers with their names in lower case. */
const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const message = (headers: Record<string, string>, body: KeptBody): JournalMessage => ({
  headers,
  body: body.text ?? null,
  truncated: body.truncated,
});

/** What answered the call: a fault, an override, the handler, or the sandbox itself. */
function answeredBy(call: RecordedCall, overrideId: string | undefined): JournalEntry["answered_by"] {
  if (overrideId !== undefined) return "override";
  const { fault } = call;
  if (fault && (fault.kind === "reset" || fault.kind === "status")) return "fault";
  return call.error === undefined ? "handler" : "sandbox";
}

/** The journal's entry `id` for a recorded call, judged now unless it already was. */
export function journalEntry(model: DocumentModel, call: RecordedCall, id: number): JournalEntry {
  const overrideId = headerOf(call.answerHeaders, OVERRIDE_HEADER.toLowerCase());
  const { fault } = call;
  return {
    id,
    at: new Date(call.atMs).toISOString(),
    operation_id: call.operationId,
    method: call.method,
    path: call.path,
    query: call.query,
    status: call.status,
    duration_ms: Math.round(call.durationMs * 100) / 100,
    answered_by: answeredBy(call, overrideId),
    fault: fault ? { kind: fault.kind, delay_ms: fault.delayMs } : null,
    override_id: overrideId ?? null,
    verdict: call.verdict ?? verdictOf(model, call, call.answerBody.text),
    request: message(lowerCased(call.requestHeaders), call.requestBody),
    answer: message(lowerCased(call.answerHeaders), call.answerBody),
  };
}
