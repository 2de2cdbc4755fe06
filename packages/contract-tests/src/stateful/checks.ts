// The named checks of stateful sequences. Each failure names its check, the operation and what was
// seen; the README lists them with these words.
export const CHECKS = {
  "response-conforms": "every answer has a documented status, content type and a body its schema accepts",
  "valid-accepted":
    "a well-formed request (the suite's sample, or a link followed with its values) gets a 2xx; a sample write sent again may meet a documented 400 or 409",
  "invalid-refused": "a request that breaks one constraint of the spec is refused with a documented 4xx",
  "ids-retrievable":
    "every id an answer hands out can be read through the links to GET operations (2xx), and is listed where an x-lists link says, until its task ends",
  "tasks-forward":
    "a task's state only moves forward (NEW → RUNNING → FINISHED | ERROR, never out of FINISHED or ERROR), with finished_on set once it ended",
  "auth-required": "every operation refuses a missing and a wrong key with 401 or 403",
  "pages-consistent":
    "the pages of a list hold at most `limit` items each, are disjoint and together hold `count` items",
  "tasks-end":
    "a task a creation starts ends (FINISHED or ERROR) once a sandbox's clock has moved an hour on, and only tasks still running are listed as active",
  "filters-hold": "a list's filter keeps only the items that match it, and its ordering sorts them",
  "changes-applied":
    "a change is answered as the spec says and stays applied: merge patches merge, rules come and go, tokens change, an address gets a type once, a check changes nothing",
  "fields-agree":
    "the fields of one answer agree: a running task has no finished_on, a failed one an error, a group's rules name the group",
  "scope-kept":
    "an answer is about what its path names: the project, region, reseller, group, stream or task in it",
  "all-or-nothing":
    "a refused request changes nothing: a group, a reseller's settings and the active tasks read the same after it",
  "values-kept": "values are kept as sent: letter case, Unicode, the digits of an integer beyond 2^53",
  "errors-documented":
    "every error carries X-Request-Id and shows no host, port or path; a 429 or 503 carries Retry-After",
  "retry-safe": "a write answered 503 with Retry-After changed nothing: sent again, it is applied once",
} as const;

export type CheckName = keyof typeof CHECKS;

/** A broken check: what a sequence step throws, so that fast-check shrinks the sequence. */
export class CheckFailure extends Error {
  constructor(
    readonly check: CheckName,
    readonly operationId: string,
    detail: string,
  ) {
    super(`${check}: ${operationId} ${detail}`);
    this.name = "CheckFailure";
  }
}
