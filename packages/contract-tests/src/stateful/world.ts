// What one stateful sequence runs against and what it learned on the way: the target, the spec, the
// links its answers handed out (in order, so a step can name one by index), the states of the tasks it
// saw and the steps it ran. Every exchange goes through `exchange`, which applies the checks that hold
// for every answer (response-conforms, tasks-forward) and hands out the answer's links.
import type { ScopedKey, TenantControl } from "@cloud-contract/mock";
import { evaluateEach, type Operation } from "@cloud-contract/spec/document";
import type { ContractContext } from "../context.js";
import { linkKey } from "../coverage-report/model.js";
import { isPrismProblem, type Judge } from "../judge.js";
import { type RequestModel, requestModels } from "../request-model.js";
import { sandboxControlOf } from "../sandbox-control.js";
import { UNKNOWN_TASK_ID } from "../suite/requests.js";
import { isFinal, TASK_RANK, tasksIn } from "../task-states.js";
import { breaksOf } from "./breaks.js";
import { CheckFailure } from "./checks.js";
import { type Answer, type Credentials, type StatefulTarget, send, type WireRequest } from "./http.js";
import { sampleRequest } from "./samples.js";

/** The target and the spec, shared by every sequence of a run. */
export interface SequenceEnv {
  ctx: ContractContext;
  target: StatefulTarget;
  judge: Judge;
  models: Map<string, RequestModel>;
  /** Per operation, the labels of its single-constraint breaks (from a first sample). */
  breakLabels: Map<string, string[]>;
  /**
   * Operations whose sample names a resource the target may not have (a task id nobody handed out, when
   * the target has no finished task to name): called only through links, never on their own.
   */
  withoutSample: Set<string>;
  /** Only operations that change nothing are sent (the real target without mutations allowed). */
  readOnly: boolean;
  /**
   * A fresh key (a tenant of its own) for each sequence, when the target is a sandbox with its control
   * API: sequences then never see each other's state, so a shrunk sequence fails the same way alone.
   */
  newTenant?: () => Promise<SequenceTenant>;
}

/** A sandbox tenant of one sequence: its control API (clock, tasks) and its keys. */
export interface SequenceTenant {
  key: string;
  scopedKeys: ScopedKey[];
  control: TenantControl;
}

/** Asks a sandbox's control API for a tenant; undefined when the target has none (not a sandbox). */
export async function sandboxTenants(
  target: StatefulTarget,
): Promise<(() => Promise<SequenceTenant>) | undefined> {
  const control = sandboxControlOf(target);
  const create = () =>
    control.tenant().then(
      (tenant): SequenceTenant => ({
        key: tenant.key,
        scopedKeys: tenant.scopedKeys,
        control: control.forKey(tenant.key),
      }),
      () => undefined,
    );
  if ((await create()) === undefined) return undefined;
  return async () => {
    const tenant = await create();
    if (tenant === undefined) throw new Error("the sandbox stopped creating tenants");
    return tenant;
  };
}

export async function createSequenceEnv(
  ctx: ContractContext,
  target: StatefulTarget,
  judge: Judge,
  options: { tenants?: boolean } = {},
): Promise<SequenceEnv> {
  const models = new Map(requestModels(judge.doc).map((m) => [m.operationId, m]));
  const breakLabels = new Map<string, string[]>();
  const withoutSample = new Set<string>();
  for (const [operationId, model] of models) {
    const sample = await sampleRequest(ctx, operationId);
    if (sample.path.includes(UNKNOWN_TASK_ID)) withoutSample.add(operationId);
    breakLabels.set(
      operationId,
      breaksOf(judge, model, sample).map((b) => b.label),
    );
  }
  const newTenant = options.tenants ? await sandboxTenants(target) : undefined;
  return {
    ctx,
    target,
    judge,
    models,
    breakLabels,
    withoutSample,
    readOnly: !ctx.allowMutations,
    ...(newTenant ? { newTenant } : {}),
  };
}

/** A link an answer handed out: the operation it feeds and the values it fills in. */
export interface HandedLink {
  /** The coverage key: `createBareMetalServers 200 GetTask → getTask`. */
  key: string;
  from: string;
  operationId: string;
  params: Record<string, unknown>;
  /** The id the linked list must show (x-lists), if any. */
  lists?: unknown;
}

export interface LastExchange {
  request: WireRequest;
  credentials: Credentials;
  answer: Answer;
}

export class World {
  readonly links: HandedLink[] = [];
  readonly taskStates = new Map<string, string>();
  readonly followed = new Set<string>();
  /**
   * Operations this sequence wrote with successfully, by their sample or a probe's request: their sample sent
   * again may conflict with what they did.
   */
  readonly written = new Set<string>();
  /** Coverage items the answers exercised: operations and documented statuses. */
  readonly hits = new Set<string>();
  readonly steps: string[] = [];
  sent = 0;
  /** The last request sent and its answer: the one a failing check was about. */
  last: LastExchange | undefined;

  constructor(
    readonly env: SequenceEnv,
    /** The context and target of this sequence: the run's, or those of its own tenant. */
    readonly ctx: ContractContext = env.ctx,
    readonly target: StatefulTarget = env.target,
    /** The sequence's own tenant on a sandbox: its control API and its keys bound to some projects or resellers. */
    readonly control?: TenantControl,
    readonly scopedKeys: readonly ScopedKey[] = [],
  ) {}

  /** A world for one sequence: on a tenant of its own when the environment can make one. */
  static async open(env: SequenceEnv): Promise<World> {
    if (!env.newTenant) return new World(env);
    const { key: apiKey, scopedKeys, control } = await env.newTenant();
    return new World(env, { ...env.ctx, apiKey }, { ...env.target, apiKey }, control, scopedKeys);
  }

  operation(operationId: string): Operation {
    return this.env.judge.model.operation(operationId);
  }

  /**
   * Sends a request, checks the answer against the spec and the task lifecycle, hands out its links. A
   * server error fails valid-accepted unless the caller armed it (`serverError`: a fault it asked for).
   */
  async exchange(
    request: WireRequest,
    credentials: Credentials = "key",
    options: { serverError?: boolean } = {},
  ): Promise<Answer> {
    const answer = await send(this.target, request, credentials);
    this.sent++;
    this.last = { request, credentials, answer };
    const verdict = this.env.judge.checkResponse(
      request.operationId,
      answer.status,
      answer.contentType,
      answer.body,
    );
    this.hits.add(request.operationId);
    if (verdict.documentedAs !== undefined) this.hits.add(`${request.operationId} ${verdict.documentedAs}`);
    // A Prism the run started answers its own problem+json refusals: excused there, as in every run.
    const excused = this.ctx.server === "prism" && isPrismProblem(answer.status, answer.contentType);
    const first = excused ? undefined : verdict.violations[0];
    if (first) {
      throw new CheckFailure(
        "response-conforms",
        request.operationId,
        `→ ${answer.status}: ${first.pointer || "/"} ${first.message}`,
      );
    }
    if (answer.status >= 500 && !options.serverError) {
      throw new CheckFailure("valid-accepted", request.operationId, `→ ${answer.status} (a server error)`);
    }
    if (credentials === "key" && answer.status < 300) {
      if (this.operation(request.operationId).writes) this.written.add(request.operationId);
      this.observeTasks(request.operationId, answer.body);
      this.handOut(request, answer);
    }
    return answer;
  }

  /** tasks-forward, for every task the answer shows (a task, or the results of a task list). */
  private observeTasks(operationId: string, body: unknown) {
    for (const task of tasksIn<{ id: string; state: string; finished_on?: string | null }>(
      this.env.judge,
      body,
    )) {
      const before = this.taskStates.get(task.id);
      if (before !== undefined) {
        const back = (TASK_RANK[task.state] ?? 0) < (TASK_RANK[before] ?? 0);
        if (back || (isFinal(before) && task.state !== before)) {
          throw new CheckFailure(
            "tasks-forward",
            operationId,
            `task ${task.id} went from ${before} to ${task.state}`,
          );
        }
      }
      if (isFinal(task.state) && !task.finished_on) {
        throw new CheckFailure(
          "tasks-forward",
          operationId,
          `task ${task.id} is ${task.state} without finished_on`,
        );
      }
      this.taskStates.set(task.id, task.state);
    }
  }

  /** The links of the answer's status, one per value of an array-valued link (`tasks/0` → each task). */
  private handOut(request: WireRequest, answer: Answer) {
    const operation = this.operation(request.operationId);
    const source = {
      path: this.env.judge.route(request.method, request.path)?.params ?? {},
      query: Object.fromEntries(request.query),
      body: answer.body,
    };
    for (const link of operation.links) {
      if (link.status !== String(answer.status)) continue;
      const names = Object.keys(link.parameters);
      const values = names.map((name) => evaluateEach(link.parameters[name], source));
      if (values.some((v) => v.length === 0)) continue;
      const listed = link.lists === undefined ? undefined : evaluateEach(link.lists, source);
      const spread = Math.max(...values.map((v) => v.length), listed?.length ?? 0);
      for (let i = 0; i < spread; i++) {
        const params = Object.fromEntries(
          names.map((name, n) => [name, values[n]?.[Math.min(i, (values[n]?.length ?? 1) - 1)]]),
        );
        const handed: HandedLink = {
          key: linkKey(operation.operationId, link.status, link.name, link.operationId),
          from: operation.operationId,
          operationId: link.operationId,
          params,
        };
        if (listed !== undefined) {
          if (listed.length === 0) continue;
          handed.lists = listed[Math.min(i, listed.length - 1)];
        }
        this.links.push(handed);
      }
    }
  }
}
