// What every probe uses: the failure of a statement, requests built from the suite's samples, and the
// answers' lists. A probe (probes.ts, edge-probes.ts) sends a few requests and fails its statement.
import { type JsonObject, objectOf, objectsOf } from "../json-fields.js";
import type { Behaviour, ProbeName } from "./behaviour.js";
import { CheckFailure } from "./checks.js";
import type { WireRequest } from "./http.js";
import { sampleRequest } from "./samples.js";
import type { World } from "./world.js";

/** The steps a probe may run; the sequence's own (commands.ts), passed in to keep the modules apart. */
export interface ProbeSteps {
  call(operationId: string): Promise<void>;
  follow(link: number): Promise<void>;
  pages(operationId: string): Promise<void>;
  auth(operationId: string, credentials: "missing" | "wrong"): Promise<void>;
}

export type Probe = (world: World, b: Behaviour, steps: ProbeSteps) => Promise<void>;
export type ProbeTable<Name extends ProbeName> = Record<Name, Probe>;

export type Json = JsonObject;

export const fail = (b: Behaviour, detail: string, operationId = b.operationId): never => {
  throw new CheckFailure(b.check, operationId, `(${b.id}) ${detail}`);
};

/** How far a probe moves a sandbox tenant's clock for its tasks to end. */
export const TASK_END_MS = 3_600_000;

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** The answer of a request that must succeed; a refusal is the statement's failure. */
export async function succeed(world: World, b: Behaviour, request: WireRequest): Promise<Json> {
  const answer = await world.exchange(request);
  if (!isSuccess(answer.status)) fail(b, `${request.method} ${request.path} → ${answer.status}`);
  return objectOf(answer.body);
}

export const sample = (world: World, operationId: string) => sampleRequest(world.ctx, operationId);

export const withBody = (request: WireRequest, body: unknown): WireRequest => {
  const { body: _, rawBody: __, ...rest } = request;
  return body === undefined ? rest : { ...rest, body };
};

export const withQuery = (request: WireRequest, query: Array<[string, string]>): WireRequest => {
  const names = new Set(query.map(([name]) => name));
  return { ...request, query: [...request.query.filter(([name]) => !names.has(name)), ...query] };
};

export const resultsOf = (body: Json) => objectsOf(body.results);

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const fresh = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 10)}`;
