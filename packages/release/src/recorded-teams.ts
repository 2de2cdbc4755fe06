import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import {
  type DocumentModel,
  type OpenApiDocument,
  type Operation,
  openDocument,
  type ResponseVerdict,
} from "@cloud-contract/spec/document";
import { operationIdentity } from "./diff/compare.js";
import { documentReads } from "./diff/operation-reads.js";
import { child, follow } from "./diff/pointer.js";
import type { Located } from "./diff/types.js";
import type { Refusal } from "./gate-report.js";
import { type HarEntry, headerOf, readTeamLogs, recordedBody } from "./har-log.js";
import type { KeptParts } from "./kept-results.js";
import type { GatePolicy } from "./policy.js";
import { promiseChanges } from "./response-promises.js";
import { USER_SPEC } from "./user-spec.js";

/** A recorded exchange, named the way the gate reports it. */
interface Exchange {
  team: string;
  /** `consumers/docs/tasks.har#2 GET /cloud/v1/tasks/abc → 200` */
  label: string;
}

export interface TeamReplay {
  teams: string[];
  exchanges: number;
  /** Exchanges of routes neither spec has (not judged). */
  skipped: number;
  refusals: Refusal[];
  /** Exchanges by the identity (operationIdentity) of the released operation they called. */
  byOperation: Map<string, Exchange[]>;
}

/** The teams of the consumers folder: each sub-folder holding `*.har` files. */
export function teamsOf(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .filter((name) => readdirSync(join(folder, name)).some((f) => f.endsWith(".har")))
    .sort();
}

/**
 * Replays every team's recordings against the candidate spec, on both sides of the wire: would the candidate
 * take the recorded request (route, required parameters, body), does it still document the recorded answer,
 * and does it still promise every field the team received, with the type, format and enum it had (see
 * response-promises.ts). Returns each refused exchange, and which exchanges called each released operation.
 */
export function replayTeams(
  root: string,
  folder: string,
  released: OpenApiDocument,
  candidate: OpenApiDocument,
  policy: GatePolicy,
  base?: OpenApiDocument,
  kept?: KeptParts<ExchangeOutcome>,
): TeamReplay {
  const then = openDocument(released, USER_SPEC);
  const now = openDocument(candidate, USER_SPEC);
  // A branch that leaves the spec as its base had it (most branches): the base judges every exchange as the
  // candidate does, so each is judged once.
  const atBase =
    base === undefined
      ? undefined
      : JSON.stringify(base) === JSON.stringify(candidate)
        ? now
        : openDocument(base, USER_SPEC);
  const sides = { then, now, atBase };
  const replay: TeamReplay = {
    teams: teamsOf(folder),
    exchanges: 0,
    skipped: 0,
    refusals: [],
    byOperation: new Map(),
  };
  for (const team of replay.teams) {
    const blocking = (policy.teams[team] ?? policy.defaultTeamMode) === "block";
    for (const log of readTeamLogs(join(folder, team))) {
      const file = relative(root, log.file);
      if ("unreadable" in log) {
        replay.refusals.push({
          team,
          blocking,
          operation: "(unreadable)",
          exchange: file,
          reasons: [log.unreadable],
        });
        continue;
      }
      log.entries.forEach((entry, index) => {
        replay.exchanges++;
        const url = new URL(entry.request.url);
        const label = `${file}#${index} ${entry.request.method} ${url.pathname}${url.search} → ${entry.response.status}`;
        const judge = () => judgeRecorded(sides, entry, { team, blocking, label });
        const reads = kept && readsOf(sides, entry);
        const outcome = reads ? kept.get(digestOf([team, blocking, label, entry, reads]), judge) : judge();
        if (outcome.called) {
          const list = replay.byOperation.get(outcome.called) ?? [];
          list.push({ team, label });
          replay.byOperation.set(outcome.called, list);
        }
        if (outcome.skipped) replay.skipped++;
        replay.refusals.push(...outcome.refusals);
      });
    }
  }
  return replay;
}

/** The specs an exchange is judged by: the released one, the candidate, and the base (the candidate's when equal). */
interface Sides {
  then: DocumentModel;
  now: DocumentModel;
  atBase: DocumentModel | undefined;
}

/** What replaying one exchange gives: the released operation it called, whether it was skipped, its refusals. */
export interface ExchangeOutcome {
  called?: string;
  skipped: boolean;
  refusals: Refusal[];
}

/**
 * What judging `entry` reads of each spec: the operation it is routed to and that operation's reads
 * (operation-reads.ts); undefined when a route is not a path of its document as written (then it is judged
 * every time).
 */
function readsOf(sides: Sides, entry: HarEntry): unknown[] | undefined {
  const { pathname } = new URL(entry.request.url);
  const reads: unknown[] = [];
  for (const model of [sides.then, sides.now, sides.atBase]) {
    if (model === undefined) continue;
    const op = model.route(entry.request.method, pathname).route;
    if (op && !Object.hasOwn(model.doc.paths ?? {}, op.path)) return undefined;
    reads.push(op ? [op.method, op.path, documentReads(model.doc).operation(op.path)] : null);
  }
  return reads;
}

const digestOf = (values: unknown[]) => createHash("sha256").update(JSON.stringify(values)).digest("hex");

/** Judges one recorded exchange against the candidate and the base, from what the released spec promised. */
function judgeRecorded(
  { then, now, atBase }: Sides,
  entry: HarEntry,
  { team, blocking, label }: { team: string; blocking: boolean; label: string },
): ExchangeOutcome {
  const url = new URL(entry.request.url);
  const called = then.route(entry.request.method, url.pathname).route;
  const outcome: ExchangeOutcome = { skipped: false, refusals: [] };
  if (called) outcome.called = operationIdentity(called.method, called.path);
  // Traffic the released spec never described (a sandbox's control calls) is not the contract's.
  if (!called && entry._operationId === undefined && !now.route(entry.request.method, url.pathname).route) {
    outcome.skipped = true;
    return outcome;
  }
  const recorded = readExchange(then, called, entry, url);
  const judged = judgeExchange(now, recorded);
  // What the base refuses alike was pending before this branch: listed apart, it does not block again.
  let atBaseReasons: string[] = [];
  if (atBase === now) atBaseReasons = judged.reasons;
  else if (atBase) atBaseReasons = judgeExchange(atBase, recorded).reasons;
  const earlier = new Set(atBaseReasons);
  const fresh = judged.reasons.filter((r) => !earlier.has(r));
  const pending = judged.reasons.filter((r) => earlier.has(r));
  const refusal = { team, blocking, operation: judged.operation, exchange: label };
  if (fresh.length > 0) outcome.refusals.push({ ...refusal, reasons: fresh });
  if (pending.length > 0) outcome.refusals.push({ ...refusal, reasons: pending, pending: true });
  return outcome;
}

/** One recorded exchange as every candidate is judged against it: parsed, and what the released spec promised. */
interface RecordedExchange {
  entry: HarEntry;
  url: URL;
  contentType: string | null;
  /** The recorded answer's body, parsed as its media type says. */
  body: unknown;
  /** The recorded request's media type (without parameters) and body, parsed likewise. */
  requestMime: string;
  requestBody: unknown;
  /** The released operation it called, and the schema the released spec judged the answer with. */
  promised: { then: DocumentModel; schema: Located } | undefined;
}

function readExchange(
  then: DocumentModel,
  called: Operation | undefined,
  entry: HarEntry,
  url: URL,
): RecordedExchange {
  const contentType =
    headerOf(entry.response.headers, "content-type") ?? (entry.response.content.mimeType || null);
  const body = recordedBody(contentType, entry.response.content.text);
  const requestMime = (entry.request.postData?.mimeType ?? "").split(";")[0]?.trim() ?? "";
  const requestBody = recordedBody(requestMime, entry.request.postData?.text ?? "");
  const verdict = called
    ? then.checkResponse(called.operationId, entry.response.status, contentType, body)
    : undefined;
  const promised = called && verdict ? { then, schema: responseSchema(then, called, verdict) } : undefined;
  return { entry, url, contentType, body, requestMime, requestBody, promised };
}

/** What `now` refuses of one recorded exchange. */
function judgeExchange(
  now: DocumentModel,
  recorded: RecordedExchange,
): { operation: string; reasons: string[] } {
  const { entry, url, contentType, body, promised } = recorded;
  const op = now.route(entry.request.method, url.pathname).route;
  if (!op) {
    return {
      operation: `${entry.request.method} ${url.pathname}`,
      reasons: ["no operation of the candidate answers this request"],
    };
  }
  const operation = `${op.operationId} (${op.method} ${op.path})`;
  const reasons = [...requestProblems(now, op, recorded)];
  const verdict = now.checkResponse(op.operationId, entry.response.status, contentType, body);
  const changes = promised
    ? promiseChanges(
        { model: promised.then, schema: promised.schema },
        { model: now, schema: responseSchema(now, op, verdict) },
        body,
      )
    : [];
  const told = new Set(changes.map((c) => c.pointer));
  for (const c of changes) reasons.push(`response: ${c.pointer} ${c.message}`);
  for (const v of verdict.violations) {
    if (!told.has(v.pointer)) reasons.push(`response: ${v.pointer} ${v.message}; got ${preview(v.value)}`);
  }
  return { operation, reasons };
}

/** The schema a verdict judged the body with, located in its document (no schema: nothing promised). */
function responseSchema(model: DocumentModel, op: Operation, verdict: ResponseVerdict): Located {
  if (verdict.documentedAs === undefined || verdict.mediaType === undefined) return { value: {}, ptr: "" };
  const at = (node: Located, ...keys: string[]) =>
    keys.reduce((n, key) => follow(model.doc, child(n, key)), node);
  const response = at(
    { value: model.doc, ptr: "" },
    "paths",
    op.path,
    op.method.toLowerCase(),
    "responses",
    verdict.documentedAs,
  );
  return child(response, "content", verdict.mediaType, "schema");
}

/** A value for a message: JSON, cut to 80 characters. */
function preview(value: unknown): string {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** What the candidate would refuse in the recorded request: a missing required parameter, a value or body it does not take. */
function* requestProblems(
  model: DocumentModel,
  op: Operation,
  { entry, url, requestMime: mime, requestBody }: RecordedExchange,
): Generator<string> {
  for (const p of op.parameters) {
    if (p.in !== "query" && p.in !== "header") continue;
    const values =
      p.in === "query"
        ? url.searchParams.getAll(p.name)
        : [headerOf(entry.request.headers, p.name.toLowerCase())].filter((v) => v !== null);
    if (values.length === 0) {
      if (p.required) yield `request: required ${p.in} parameter ${p.name} is missing`;
      continue;
    }
    const value = coerce(model, p, values as string[]);
    for (const e of model.compile(p.schema)(value).errors)
      yield `request: ${p.in} parameter ${p.name}${e.pointer} ${e.message}`;
  }
  const body = op.requestBody;
  const text = entry.request.postData?.text ?? "";
  if (!body) return;
  if (text === "") {
    if (body.required) yield "request: the body is now required";
    return;
  }
  const media = body.content[mime];
  if (!media) {
    yield `request: media type ${mime} is not accepted`;
    return;
  }
  if (!media.schema) return;
  for (const e of model.compile(media.schema)(requestBody).errors)
    yield `request: body ${e.pointer || "/"} ${e.message}`;
}

const DELIMITERS: Record<string, string> = {
  form: ",",
  simple: ",",
  pipeDelimited: "|",
  spaceDelimited: " ",
};

/** The values of a parameter that is not exploded (`a,b` for an array), one per item. */
function split(style: string | undefined, explode: boolean | undefined, values: string[]): string[] {
  if (explode !== false || values.length !== 1) return values;
  return (values[0] ?? "").split(DELIMITERS[style ?? "form"] ?? ",");
}

/** A query or header value as its schema types it (numbers, booleans, repeated keys as an array). */
function coerce(model: DocumentModel, p: Operation["parameters"][number], values: string[]): unknown {
  const resolved = model.dereference(p.schema).value as { type?: unknown; items?: object } | undefined;
  const type = Array.isArray(resolved?.type) ? resolved.type.find((t) => t !== "null") : resolved?.type;
  if (type === "array")
    return split(p.style, p.explode, values).map((v) => scalar(model, resolved?.items ?? {}, v));
  return scalar(model, p.schema, values[0] ?? "");
}

function scalar(model: DocumentModel, schema: object, value: string): unknown {
  const resolved = model.dereference(schema).value as { type?: unknown } | undefined;
  const types = new Set(Array.isArray(resolved?.type) ? resolved.type : [resolved?.type]);
  if ((types.has("integer") || types.has("number")) && value.trim() !== "" && !Number.isNaN(Number(value)))
    return Number(value);
  if (types.has("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}
