// One generated request as it goes on the wire and as it is saved for `replay-case`: a concrete path,
// repeated query parameters and a JSON body. Also its curl line (without the key) and how it is sent.
import { readFileSync } from "node:fs";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { join } from "node:path";
import type { ResponseVerdict } from "@cloud-contract/spec/document";
import { parseBody } from "../body.js";
import { singleQuote as quote } from "../cli-hint.js";
import { messageOf } from "../error-message.js";
import { isPrismProblem, type Judge } from "../judge.js";
import { writeJson } from "../report-files.js";
import { readSavedTarget, type SavedTarget } from "../saved-target.js";

export interface RequestCase {
  /** valid: must get a documented answer, never a 5xx; invalid: must be refused with a 4xx. */
  kind: "valid" | "invalid";
  operationId: string;
  method: string;
  /** The path with its parameters filled in. */
  path: string;
  query: Array<[string, string]>;
  body?: unknown;
  /** What the case aimed at: `random`, `enum value at body/…`, `breaks maximum at query/limit`, … */
  plan: string;
  seed: number;
}

export interface Outcome {
  status: number;
  contentType: string | null;
  body: unknown;
  verdict: ResponseVerdict;
  /** Prism's own 4xx answer, from a Prism the run started: excused (its verdict is not the target's). */
  prismProblem: boolean;
}

export interface CaseTarget {
  baseUrl: string;
  apiKey: string;
  /** Accept Prism's own problem+json 4xx bodies (a Prism the suite started). */
  acceptPrismProblems: boolean;
}

export function caseUrl(baseUrl: string, c: RequestCase): string {
  const search = new URLSearchParams(c.query).toString();
  return `${baseUrl}${c.path}${search ? `?${search}` : ""}`;
}

/**
 * The case as a curl command. The key is never written: the header names the variable the run took it
 * from (`$CONTRACT_API_KEY`), or says `<key>` when the run had it from a flag or its own server.
 */
export function curlLine(baseUrl: string, c: RequestCase, keyVariable?: string): string {
  const parts = [
    `curl -sS -X ${c.method}`,
    quote(caseUrl(baseUrl, c)),
    keyVariable ? `-H "Authorization: apikey $${keyVariable}"` : `-H 'Authorization: apikey <key>'`,
  ];
  if (c.body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`, `--data-raw ${quote(JSON.stringify(c.body))}`);
  }
  return parts.join(" ");
}

/** Connections are kept between cases (a new connection per request would dominate the run's time). */
const agents = {
  http: new HttpAgent({ keepAlive: true, timeout: 2_000 }),
  https: new HttpsAgent({ keepAlive: true, timeout: 2_000 }),
};
const REQUEST_TIMEOUT_MS = 15_000;

/** Sends a request; resolves to the status, content type and body text. */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const secure = url.protocol === "https:";
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { method, headers, agent: secure ? agents.https : agents.http }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers["content-type"] ?? null,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)),
    );
    request.on("error", reject);
    request.end(body);
  });
}

export async function sendCase(target: CaseTarget, c: RequestCase, judge: Judge): Promise<Outcome> {
  const headers: Record<string, string> = { authorization: `apikey ${target.apiKey}` };
  const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  const answer = await exchange(new URL(caseUrl(target.baseUrl, c)), c.method, headers, payload);
  const body = parseBody(answer.contentType, answer.text);
  const verdict = judge.checkResponse(c.operationId, answer.status, answer.contentType, body);
  const prismProblem = target.acceptPrismProblems && isPrismProblem(answer.status, answer.contentType);
  return { status: answer.status, contentType: answer.contentType, body, verdict, prismProblem };
}

/** Why an outcome fails its case, or undefined when it keeps the contract. */
export function failureOf(c: RequestCase, outcome: Outcome): string | undefined {
  const { status, verdict } = outcome;
  const violations = (outcome.prismProblem ? [] : verdict.violations)
    .map((v) => `${status}: ${v.pointer} ${v.message}`)
    .join("; ");
  // A server error is the failure itself; a broken body of that answer is only a detail of it.
  if (c.kind === "valid" && status >= 500) {
    return `a valid request got ${status}${violations ? ` (and its body breaks the spec: ${violations})` : ""}`;
  }
  if (violations) return violations;
  if (c.kind === "invalid" && (status < 400 || status >= 500)) {
    return `a request that ${c.plan} was not refused with a 4xx: got ${status}`;
  }
  return undefined;
}

/** A case as saved: with the target it failed on (absent in files saved before targets were recorded). */
export type SavedCase = RequestCase & { target?: SavedTarget };

/** Saves a case and the target it failed on for `contract-tests replay-case FILE`; returns the file. */
export function saveCase(dir: string, c: RequestCase, name: string, target: SavedTarget): string {
  const file = join(dir, `${name}.json`);
  writeJson(file, { ...c, target });
  return file;
}

export function loadCase(file: string): SavedCase {
  let c: Partial<SavedCase>;
  try {
    c = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file} cannot be read as JSON: ${messageOf(error)}`);
  }
  if (
    (c.kind !== "valid" && c.kind !== "invalid") ||
    typeof c.operationId !== "string" ||
    typeof c.method !== "string" ||
    typeof c.path !== "string" ||
    !Array.isArray(c.query)
  ) {
    throw new Error(`${file} is not a saved case (kind, operationId, method, path, query)`);
  }
  const { target, ...rest } = c as SavedCase;
  const saved = readSavedTarget(target);
  return { ...rest, ...(saved === undefined ? {} : { target: saved }) };
}
