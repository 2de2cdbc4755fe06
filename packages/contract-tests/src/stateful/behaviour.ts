// What a statement is: one behavioural sentence of the contract, in our words, with the probe that holds it,
// the check its failure is reported under and a seeded bug that breaks it (src/operations/<operationId>/
// behaviours.ts holds each operation's); and the makers of the statements every operation of a kind shares.
import { SERVER_ERROR } from "../operations/sources.js";
import type { CheckName } from "./checks.js";

/** The probes of probes.ts, by name (probes.ts implements exactly these). */
export type ProbeName =
  | "links-followed"
  | "tasks-end"
  | "only-active"
  | "filter-holds"
  | "pages"
  | "change-persists"
  | "rules-applied"
  | "tags-merge"
  | "tags-null"
  | "group-v2-applied"
  | "group-v2-rules"
  | "group-v2-tags"
  | "setting-stored"
  | "duplicate-refused"
  | "refused"
  | "ordering-holds"
  | "relative-links"
  | "token-changes"
  | "revoke-applied"
  | "quota-fields"
  | "vm-count"
  | "auth"
  | "scheme-case"
  | "key-not-in-url"
  | "scope"
  | "task-fields"
  | "task-data"
  | "group-fields"
  | "path-scope"
  | "page-edges"
  | "group-all-or-nothing"
  | "setting-all-or-nothing"
  | "tasks-all-or-nothing"
  | "tags-kept"
  | "digits-kept"
  | "email-kept"
  | "error-bodies"
  | "retry-after"
  | "retried-once"
  | "reset-answers"
  | "fault-only-statuses"
  | "scope-of-resource"
  | "unknown-flavor-fails"
  | "body-refused"
  | "methods";

/** The probes that check their statement on every operation, whichever one the row names. */
export const EVERY_OPERATION: ReadonlySet<ProbeName> = new Set([
  "methods",
  "body-refused",
  "fault-only-statuses",
  "auth",
  "scope",
  "path-scope",
  "error-bodies",
  "retry-after",
]);

export interface Behaviour {
  id: string;
  operationId: string;
  /** The operation whose sample the probe starts from, when not `operationId` (a task comes from a creation). */
  from?: string;
  /** Where the spec says it. */
  source: string;
  statement: string;
  probe: ProbeName;
  /** The check a broken statement is reported under. */
  check: CheckName;
  brokenBy: string;
  /**
   * For the probes that take one: the query parameter, the item's field it filters on (or `orField`, where the
   * spec leaves which of two fields it matches open), and whether it matches part of the value in any letter
   * case (the text filters) or the whole value.
   */
  filter?: { parameter: string; field: string[]; orField?: string[]; part?: boolean };
}

/** The statement that an operation's answer is about what its path names. */
export const scopeStatement = (operationId: string, statement: string, brokenBy: string): Behaviour => ({
  id: `scope.${operationId}`,
  operationId,
  source: "spec/paths (the operation's description and path parameters)",
  statement,
  probe: "path-scope",
  check: "scope-kept",
  brokenBy,
});

/** The statement that a write refused with 503 changed nothing. */
export const retryStatement = (operationId: string, brokenBy: string): Behaviour => ({
  id: `retry.${operationId}`,
  operationId,
  source: `${SERVER_ERROR}: a 503 with Retry-After means nothing changed`,
  statement: "a write refused with 503 and sent again is applied once",
  probe: "retried-once",
  check: "retry-safe",
  brokenBy,
});
