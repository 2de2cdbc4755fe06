// What the seeded bugs of several operations are made of (src/operations/<operationId>/bugs.ts holds them):
// requests changed before they are forwarded, answers changed after, other requests sent in the call's name.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { isObject, type JsonObject, objectOf, objectsOf } from "../json-fields.js";
import {
  type BugAnswer,
  type BugCall,
  isSuccess,
  keyOf,
  rewriteRequest,
  rewriteSuccess,
  type SeededBug,
} from "./seeded-bug.js";

export type Json = JsonObject;

export const each = (body: Json, change: (item: Json) => void) => {
  for (const item of objectsOf(body.results)) change(item);
};

/** The answer with another status and the same body. */
export const restatus = (status: number) => (answer: BugAnswer) => ({ ...answer, status });

/** An error answer whose body is in no shape the service documents. */
export const otherShape = (answer: BugAnswer): BugAnswer => ({
  ...answer,
  contentType: "application/json",
  body: { detail: "request refused", status_code: answer.status },
});

/** Ids of the seeded tasks: every other task is one a call made. */
export const SEEDED_TASKS = new Set<string>([
  ...SANDBOX_FIXTURES.runningTaskIds,
  SANDBOX_FIXTURES.finishedTaskId,
  SANDBOX_FIXTURES.errorTaskId,
]);

/**
 * A call answered as the sandbox answers it but applied in another tenant, so that the caller's world never
 * changes; a call with no key or an unknown one goes through, and is refused as it should be.
 */
export const appliedElsewhere: SeededBug["apply"] = async (call) => {
  const key = keyOf(call.headers);
  // Only an unbound key: a scoped one is still refused where it should be.
  if (key !== undefined && call.keys.isKnown(key) && call.keys.unboundOf(key) === undefined) {
    call.headers.set("authorization", `apikey ${await call.elsewhereKey()}`);
  }
  return call.forward();
};

/** An auth bug: the request's Authorization replaced by an unbound key the layer has seen work. */
export const authorizeWith = (call: BugCall, key: string | undefined) => {
  if (key !== undefined) call.headers.set("authorization", `apikey ${key}`);
};

export const noKeyAccepted = rewriteRequest((call) => {
  if (!call.headers.has("authorization")) authorizeWith(call, call.keys.lastUnbound());
});

export const wrongKeyAccepted = rewriteRequest((call) => {
  const key = keyOf(call.headers);
  if (key !== undefined && !call.keys.isKnown(key)) authorizeWith(call, call.keys.lastUnbound());
});

export const outOfScopeAccepted = rewriteRequest((call) => {
  const key = keyOf(call.headers);
  if (key !== undefined) authorizeWith(call, call.keys.unboundOf(key));
});

/** The body's field changed before it is forwarded, when `when` holds for the body. */
export const fixBody = (when: (body: Json) => boolean, change: (body: Json) => void) =>
  rewriteRequest((call) => {
    if (isObject(call.body) && when(call.body)) change(call.body);
  });

export const isRefusal = (status: number) => status >= 400 && status < 500;

export const numberParam = (call: BugCall, name: string) => Number(call.url.searchParams.get(name) ?? 0);

/** Sends another request in the call's name (its key), then puts the call back as it was. */
export async function forwardTo(
  call: BugCall,
  method: string,
  path: string,
  body: unknown,
): Promise<BugAnswer> {
  const sent = { url: call.url, method: call.method, body: call.body };
  call.url = new URL(path, call.url.origin);
  call.method = method;
  call.body = body;
  try {
    return await call.forward();
  } finally {
    Object.assign(call, sent);
  }
}

/** Forwards the call with another body (or none), then puts the call back as it was. */
export const forwardWith = (call: BugCall, body: unknown): Promise<BugAnswer> =>
  forwardTo(call, call.method, `${call.url.pathname}${call.url.search}`, body);

/** A refusal answered as it was, after part of the request was applied all the same. */
export const appliedOnRefusal =
  (status: number | "any", part: (body: Json) => Json | undefined): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    const refused = status === "any" ? isRefusal(answer.status) : answer.status === status;
    const applied = refused && isObject(call.body) ? part(call.body) : undefined;
    if (applied !== undefined) await forwardWith(call, applied);
    return answer;
  };

/** An error body with a detail of the server's inside added to its message (or as a field of its own). */
export const leaking =
  (detail: string): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    if (answer.status < 400 || !isObject(answer.body)) return answer;
    const body = structuredClone(answer.body);
    if (typeof body.message === "string") body.message = `${body.message} ${detail}`;
    else body.debug = detail;
    return { ...answer, body };
  };

/** An answer of `status` (any error when "error") without one of its headers. */
export const withoutHeader =
  (status: number | "error", header: string): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    if (status === "error" ? answer.status < 400 : answer.status !== status) return answer;
    const headers = Object.fromEntries(
      Object.entries(answer.headers ?? {}).filter(([name]) => name !== header),
    );
    return { ...answer, headers };
  };

/** A 503 answered as it came, after the call was applied anyway (sent on once the fault had passed). */
export const appliedDespite503: SeededBug["apply"] = async (call) => {
  const answer = await call.forward();
  if (answer.status === 503) await call.forward();
  return answer;
};

/** The same item once more, as if it belonged to the next project, region or reseller. */
export const plusOne = (field: string) =>
  rewriteSuccess((b) => {
    const item = objectsOf(b.results)[0];
    if (!item || typeof item[field] !== "number") return;
    b.results = [
      ...objectsOf(b.results),
      {
        ...item,
        id: typeof item.id === "number" ? item.id + 1000 : `${String(item.id).slice(0, -4)}beef`,
        [field]: item[field] + 1,
      },
    ];
    b.count = Number(b.count) + 1;
  });

/** A page past the end answered as another page: the first, or the last full one. */
export const pastTheEnd =
  (offsetOf: (count: number, limit: number) => number): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    const offset = numberParam(call, "offset");
    const body = objectOf(answer.body);
    if (!isSuccess(answer.status) || offset === 0 || objectsOf(body.results).length > 0) return answer;
    call.url.searchParams.set(
      "offset",
      String(offsetOf(Number(body.count), numberParam(call, "limit") || 1)),
    );
    return call.forward();
  };

export const capLimit = (cap: number) =>
  rewriteRequest((call) => {
    if (numberParam(call, "limit") > cap) call.url.searchParams.set("limit", String(cap));
  });

/** The last item dropped when a page starts at it (an off-by-one at the end). */
export const lastItemDropped = rewriteSuccess((b, call) => {
  const offset = numberParam(call, "offset");
  if (offset > 0 && offset === Number(b.count) - 1) b.results = [];
});
