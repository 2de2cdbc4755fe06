// Parity: re-sends a recording's exchanges in order to a target and compares each answer with the
// recorded one — the status, the set and types of the body's fields, and the states each task went
// through. Ids the recording's answers handed out are mapped to the target's through the spec's links.
// Time: on a sandbox (`clock`), its tenant clock is stopped and advanced by the recorded gaps, so tasks
// end when they ended in the recording, without waiting; `recorded` waits the gaps; `none` never waits.
import type { TenantControl } from "@cloud-contract/mock";
import { REDACTED } from "@cloud-contract/mock/redact";
import type { DocumentModel } from "@cloud-contract/spec/document";
import { parseBody } from "../body.js";
import type { Judge } from "../judge.js";
import type { FailingRequest } from "../kept/kept-test-file.js";
import { sandboxControlOf } from "../sandbox-control.js";
import { type FetchFunction, WRONG_KEY } from "../stateful/http.js";
import { isFinal, TASK_RANK, tasksIn } from "../task-states.js";
import { describeDifference, type ParityDifference } from "./differences.js";
import { IdMap } from "./id-map.js";
import type { RecordedExchange, Recording } from "./recording.js";
import { compareShapes } from "./shape.js";

export interface ParityTarget {
  baseUrl: string;
  apiKey: string;
  fetch: FetchFunction;
}

export type Pace = "clock" | "recorded" | "none";

export interface ParityFailure extends FailingRequest {
  /** The exchange's differences (the same objects as in `differences`). */
  differences: ParityDifference[];
}

export interface OperationParity {
  operationId: string;
  exchanges: number;
  /** Exchanges with at least one difference. */
  differing: number;
}

export interface ParityResult {
  exchanges: number;
  differences: ParityDifference[];
  operations: OperationParity[];
  /** Recorded ids mapped to the target's. */
  idsMapped: number;
  /**
   * Exchanges not sent: refused (4xx) requests whose body the recorder redacted — the secret that made
   * them invalid is gone, so the request cannot be sent as it was (a refused request changes nothing).
   */
  notComparable: string[];
  /** Each exchange whose answer differed (status or fields): the request the target got, to keep. */
  failing: ParityFailure[];
}

const hasRedacted = (value: unknown): boolean =>
  value === REDACTED ||
  (Array.isArray(value) && value.some(hasRedacted)) ||
  (value !== null && typeof value === "object" && Object.values(value).some(hasRedacted));

/** The longest recorded gap waited for with `recorded` pacing. */
const MAX_WAIT_MS = 10_000;

/**
 * The Authorization to send for a recorded one: the recorder keeps the scheme word and redacts the key,
 * so a redacted key becomes the target's key — or, when the recording was refused (401/403), a key the
 * target cannot know. No header stays none; anything else (the scheme alone) is sent as recorded.
 */
export function authorizationFor(
  recorded: string | undefined,
  status: number,
  apiKey: string,
): string | undefined {
  if (recorded === undefined) return undefined;
  const redacted = /^(\S+)\s+REDACTED$/.exec(recorded);
  if (!redacted) return recorded;
  return `${redacted[1]} ${status === 401 || status === 403 ? WRONG_KEY : apiKey}`;
}

interface TaskTrack {
  operationId: string;
  where: string;
  recorded: string[];
  target: string[];
}

class ParityRun {
  readonly model: DocumentModel;
  readonly ids = new IdMap();
  readonly tasks = new Map<string, TaskTrack>();
  readonly differences: ParityDifference[] = [];
  readonly operations = new Map<string, OperationParity>();
  readonly notComparable: string[] = [];
  readonly failing: ParityFailure[] = [];
  /** The target's tenant clock (its sandbox control API), for `clock` pacing. */
  readonly clock: TenantControl["clock"];

  constructor(
    readonly judge: Judge,
    readonly target: ParityTarget,
    readonly pace: Pace,
  ) {
    this.model = judge.model;
    this.clock = sandboxControlOf(target).forKey(target.apiKey).clock;
  }

  private tasksOf(body: unknown): Array<{ id: string; state: string }> {
    return tasksIn(this.judge, body);
  }

  private track(x: RecordedExchange, side: "recorded" | "target", body: unknown) {
    for (const task of this.tasksOf(body)) {
      const key = side === "recorded" ? this.ids.id(task.id) : task.id;
      const track = this.tasks.get(key) ?? {
        operationId: x.operationId,
        where: x.where,
        recorded: [],
        target: [],
      };
      track.where = x.where;
      if (track[side].at(-1) !== task.state) track[side].push(task.state);
      this.tasks.set(key, track);
    }
  }

  /** Both answers are the same task in different states (it ended sooner or later): compared by task-state. */
  private taskInOtherState(recorded: unknown, target: unknown): boolean {
    const [a] = this.tasksOf(recorded);
    const [b] = this.tasksOf(target);
    return a !== undefined && b !== undefined && recorded === (a as unknown) && a.state !== b.state;
  }

  /**
   * Whether the target's answer shows a task in an earlier state than the recorded answer shows it. The
   * recorded server read the task at some moment of the exchange, up to its first byte; a replay paced by
   * start times reads it at the start, which can be too early by that much.
   */
  private lagsBehind(recorded: unknown, target: unknown): boolean {
    const targetStates = new Map(this.tasksOf(target).map((task) => [task.id, task.state]));
    return this.tasksOf(recorded).some((task) => {
      const state = targetStates.get(this.ids.id(task.id));
      return state !== undefined && (TASK_RANK[state] ?? 0) < (TASK_RANK[task.state] ?? 0);
    });
  }

  async send(x: RecordedExchange): Promise<void> {
    if (x.status >= 400 && x.status < 500 && hasRedacted(x.requestBody)) {
      this.notComparable.push(x.where);
      return;
    }
    const headers = new Headers();
    const authorization = authorizationFor(x.authorization, x.status, this.target.apiKey);
    if (authorization !== undefined) headers.set("authorization", authorization);
    const sent = x.requestBody === undefined ? undefined : this.ids.body(x.requestBody);
    const body = sent === undefined ? undefined : JSON.stringify(sent);
    if (body !== undefined) headers.set("content-type", "application/json");
    const search = new URLSearchParams(this.ids.query(x.query)).toString();
    const path = this.ids.path(x.path);
    const ask = async () => {
      const response = await this.target.fetch(
        new Request(`${this.target.baseUrl}${path}${search ? `?${search}` : ""}`, {
          method: x.method,
          headers,
          ...(body === undefined ? {} : { body }),
        }),
      );
      return { response, answer: parseBody(response.headers.get("content-type"), await response.text()) };
    };
    let { response, answer } = await ask();
    // A read that finds a task behind the recorded state is asked once more, the clock moved on by the
    // time the recorded server took to answer it.
    if (this.pace === "clock" && x.method === "GET" && this.lagsBehind(x.body, answer)) {
      await this.clock.advance(Math.ceil(x.waitMs) + 1);
      ({ response, answer } = await ask());
    }
    const found: ParityDifference[] = [];
    if (response.status !== x.status) {
      found.push({
        where: x.where,
        operationId: x.operationId,
        kind: "status",
        recorded: String(x.status),
        target: String(response.status),
      });
    } else if (!this.taskInOtherState(x.body, answer)) {
      for (const field of compareShapes(x.body, answer)) {
        found.push({
          where: x.where,
          operationId: x.operationId,
          kind: field.kind,
          pointer: field.pointer,
          recorded: field.recorded ?? "absent",
          target: field.target ?? "absent",
        });
      }
    }
    if (response.status === x.status && response.status < 300) {
      const params = (p: string) => this.judge.route(x.method, p)?.params ?? {};
      this.track(x, "recorded", x.body);
      this.ids.learn(
        this.model.operation(x.operationId),
        x.status,
        { path: params(x.path), query: Object.fromEntries(x.query), body: x.body },
        { path: params(path), query: Object.fromEntries(new URLSearchParams(search)), body: answer },
      );
      this.track(x, "target", answer);
    }
    this.differences.push(...found);
    if (found.length > 0) {
      const contentType = response.headers.get("content-type");
      this.failing.push({
        case: {
          kind: "valid",
          operationId: x.operationId,
          method: x.method,
          path,
          query: [...new URLSearchParams(search)],
          ...(sent === undefined ? {} : { body: sent }),
          plan: `recorded at ${x.where}`,
          seed: 0,
        },
        outcome: {
          status: response.status,
          contentType,
          body: answer,
          verdict: this.judge.checkResponse(x.operationId, response.status, contentType, answer),
          prismProblem: false,
        },
        failure: found.map(describeDifference).join("; "),
        recorded: { status: x.status, body: x.body },
        differences: found,
      });
    }
    const tally = this.operations.get(x.operationId) ?? {
      operationId: x.operationId,
      exchanges: 0,
      differing: 0,
    };
    tally.exchanges++;
    if (found.length > 0) tally.differing++;
    this.operations.set(x.operationId, tally);
  }

  /** task-state: the target's task went through the same states and ended as the recorded one. */
  taskDifferences(): ParityDifference[] {
    const out: ParityDifference[] = [];
    for (const [id, track] of this.tasks) {
      if (track.recorded.length === 0 || track.target.length === 0) continue;
      const backwards = track.target.some(
        (state, n) => n > 0 && (TASK_RANK[state] ?? 0) < (TASK_RANK[track.target[n - 1] ?? ""] ?? 0),
      );
      const recordedEnd = track.recorded.at(-1) ?? "";
      const targetEnd = track.target.at(-1) ?? "";
      // A task that ended sooner or later is timing; one that ended otherwise, or not at all, is not.
      const endedOtherwise = isFinal(recordedEnd) && recordedEnd !== targetEnd;
      if (backwards || endedOtherwise) {
        out.push({
          where: track.where,
          operationId: track.operationId,
          kind: "task-state",
          pointer: `task ${id}`,
          recorded: track.recorded.join(" → "),
          target: track.target.join(" → "),
        });
      }
    }
    return out;
  }
}

export async function replayForParity(
  recording: Recording,
  target: ParityTarget,
  judge: Judge,
  pace: Pace,
): Promise<ParityResult> {
  const run = new ParityRun(judge, target, pace);
  if (pace === "clock") await run.clock.manual();
  let previous = recording.exchanges[0]?.startedAt ?? 0;
  for (const exchange of recording.exchanges) {
    const gap = Math.max(0, exchange.startedAt - previous);
    previous = Math.max(previous, exchange.startedAt);
    if (gap > 0 && pace === "clock") await run.clock.advance(gap);
    if (gap > 0 && pace === "recorded") await new Promise((r) => setTimeout(r, Math.min(gap, MAX_WAIT_MS)));
    await run.send(exchange);
  }
  if (pace === "clock") await run.clock.real();
  const differences = [...run.differences, ...run.taskDifferences()];
  return {
    exchanges: recording.exchanges.length,
    differences,
    operations: [...run.operations.values()].sort((a, b) => a.operationId.localeCompare(b.operationId)),
    idsMapped: run.ids.size,
    notComparable: run.notComparable,
    failing: run.failing,
  };
}
