import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createJudge, harFiles, type Judge, parseBody, readHar } from "@cloud-contract/contract-tests";
import type { OpenApiDocument, Operation } from "@cloud-contract/spec/document";
import { operationIdentity } from "./diff/compare.js";
import type { Refusal } from "./gate-report.js";
import type { GatePolicy } from "./policy.js";

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

type Entry = ReturnType<typeof readHar>[number];

const header = (headers: ReadonlyArray<{ name: string; value: string }>, name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value ?? null;

/** The teams of the consumers folder: each sub-folder holding `*.har` files. */
export function teamsOf(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .filter((name) => readdirSync(join(folder, name)).some((f) => f.endsWith(".har")))
    .sort();
}

/**
 * Replays every team's recordings against the candidate spec with the judge `replay` uses, and also asks
 * whether the candidate still takes each recorded request (its route, required parameters and body).
 * Returns each refused exchange, and which exchanges called each released operation.
 */
export function replayTeams(
  root: string,
  folder: string,
  released: OpenApiDocument,
  candidate: OpenApiDocument,
  policy: GatePolicy,
): TeamReplay {
  const then = createJudge(released);
  const now = createJudge(candidate);
  const replay: TeamReplay = {
    teams: teamsOf(folder),
    exchanges: 0,
    skipped: 0,
    refusals: [],
    byOperation: new Map(),
  };
  for (const team of replay.teams) {
    const blocking = (policy.teams[team] ?? policy.defaultTeamMode) === "block";
    const { files, unreadable } = harFiles([join(folder, team)]);
    for (const { file, reason } of unreadable) {
      replay.refusals.push({
        team,
        blocking,
        operation: "(unreadable)",
        exchange: relative(root, file),
        reasons: [reason],
      });
    }
    for (const file of files) {
      let entries: Entry[];
      try {
        entries = readHar(file);
      } catch (error) {
        const reasons = [(error as Error).message];
        replay.refusals.push({
          team,
          blocking,
          operation: "(unreadable)",
          exchange: relative(root, file),
          reasons,
        });
        continue;
      }
      entries.forEach((entry, index) => {
        replay.exchanges++;
        const url = new URL(entry.request.url);
        const label = `${relative(root, file)}#${index} ${entry.request.method} ${url.pathname}${url.search} → ${entry.response.status}`;
        const before = then.route(entry.request.method, url.pathname);
        if (before) {
          const key = operationIdentity(before.operation.method, before.operation.path);
          const list = replay.byOperation.get(key) ?? [];
          list.push({ team, label });
          replay.byOperation.set(key, list);
        }
        // Traffic the released spec never described (a sandbox's control calls) is not the contract's.
        if (!before && entry._operationId === undefined && !now.route(entry.request.method, url.pathname)) {
          replay.skipped++;
          return;
        }
        const judged = judgeExchange(now, entry, url);
        if (judged.reasons.length > 0)
          replay.refusals.push({
            team,
            blocking,
            operation: judged.operation,
            exchange: label,
            reasons: judged.reasons,
          });
      });
    }
  }
  return replay;
}

function judgeExchange(judge: Judge, entry: Entry, url: URL): { operation: string; reasons: string[] } {
  const match = judge.route(entry.request.method, url.pathname);
  if (!match) {
    return {
      operation: `${entry.request.method} ${url.pathname}`,
      reasons: ["no operation of the candidate answers this request"],
    };
  }
  const op = match.operation;
  const operation = `${op.operationId} (${op.method} ${op.path})`;
  const reasons = [...requestProblems(judge, op, entry, url)];
  const contentType =
    header(entry.response.headers, "content-type") ?? (entry.response.content.mimeType || null);
  const verdict = judge.checkResponse(
    op.operationId,
    entry.response.status,
    contentType,
    parseBody(contentType, entry.response.content.text ?? ""),
  );
  if (verdict.violations.length > 0)
    reasons.push(
      ...judge
        .describe(verdict)
        .split("\n")
        .map((l) => `response: ${l}`),
    );
  return { operation, reasons };
}

/** What the candidate would refuse in the recorded request: a missing required parameter, a value or body it does not take. */
function* requestProblems(judge: Judge, op: Operation, entry: Entry, url: URL): Generator<string> {
  for (const p of op.parameters) {
    if (p.in !== "query" && p.in !== "header") continue;
    const values =
      p.in === "query"
        ? url.searchParams.getAll(p.name)
        : [header(entry.request.headers, p.name.toLowerCase())].filter((v) => v !== null);
    if (values.length === 0) {
      if (p.required) yield `request: required ${p.in} parameter ${p.name} is missing`;
      continue;
    }
    const value = coerce(judge, p, values as string[]);
    for (const e of judge.schemaErrors(p.schema, value))
      yield `request: ${p.in} parameter ${p.name}${e.pointer} ${e.message}`;
  }
  const body = op.requestBody;
  const text = entry.request.postData?.text ?? "";
  if (!body) return;
  if (text === "") {
    if (body.required) yield "request: the body is now required";
    return;
  }
  const mime = (entry.request.postData?.mimeType ?? "").split(";")[0]?.trim() ?? "";
  const media = body.content[mime];
  if (!media) {
    yield `request: media type ${mime} is not accepted`;
    return;
  }
  if (!media.schema) return;
  for (const e of judge.schemaErrors(media.schema, parseBody(mime, text)))
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
function coerce(judge: Judge, p: Operation["parameters"][number], values: string[]): unknown {
  const resolved = judge.model.dereference(p.schema).value as { type?: unknown; items?: object } | undefined;
  const type = Array.isArray(resolved?.type) ? resolved.type.find((t) => t !== "null") : resolved?.type;
  if (type === "array")
    return split(p.style, p.explode, values).map((v) => scalar(judge, resolved?.items ?? {}, v));
  return scalar(judge, p.schema, values[0] ?? "");
}

function scalar(judge: Judge, schema: object, value: string): unknown {
  const resolved = judge.model.dereference(schema).value as { type?: unknown } | undefined;
  const types = new Set(Array.isArray(resolved?.type) ? resolved.type : [resolved?.type]);
  if ((types.has("integer") || types.has("number")) && value.trim() !== "" && !Number.isNaN(Number(value)))
    return Number(value);
  if (types.has("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}
