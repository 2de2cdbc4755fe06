// What every contract test uses: the target's context, clients from @cloud-contract/client, and
// checks that validate each response against the spec before asserting anything else.
import type { ResponseVerdict } from "@cloud-contract/spec/document";
import type { ApiErrorBody } from "@cloud-contract/types";
import { afterEach, beforeEach, expect, inject } from "vitest";
import { parseBody } from "../body.js";
import type { ContractContext } from "../context.js";
import { type CoverageModel, createCoverageModel } from "../coverage-report/model.js";
import {
  ContractViolationError,
  createJudge,
  isPrismProblem,
  type Judge,
  operationLabel,
  preview,
} from "../judge.js";
import { recordCoverage, recordVerdict } from "../meta.js";
import "../provided.js";
import { type CloudClient, createSuiteClient } from "./client.js";
import type { OperationId } from "./operations.js";
import { unknownRefusedFields } from "./refused-fields.js";

/** The shape of an openapi-fetch answer. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** What the suite observed on the wire. `body` is the parsed JSON (or text), `undefined` when empty. */
interface ObservedResponse {
  status: number;
  contentType: string | null;
  body: unknown;
}

/** A response and its verdict (the spec model's), and whether it was Prism's own answer (excused). */
export interface Judged {
  verdict: ResponseVerdict;
  prismProblem: boolean;
}

export interface Checked<R extends FetchResult> extends Judged {
  result: R;
  status: number;
  body: unknown;
}

export interface Rejection {
  status: number;
  body: ApiErrorBody;
  /** Prism answered with its own problem+json (accepted as a mock limitation, see the README). */
  prismProblem: boolean;
}

export interface Harness {
  ctx: ContractContext;
  judge: Judge;
  /** The client as a consumer would create it: the target's base URL and key. */
  client: CloudClient;
  /** A client whose requests carry this Authorization header instead (null: none at all). */
  clientWithAuthorization(value: string | null): CloudClient;
  /** `getTask (GET /cloud/v1/tasks/{task_id})` */
  label(operationId: OperationId): string;
  /** Awaits a call, validates the response against the spec and records it for the reports. */
  check<R extends FetchResult>(operationId: OperationId, call: Promise<R>): Promise<Checked<R>>;
  /** A response that keeps the contract and has the expected success status; returns its data. */
  ok<R extends FetchResult>(
    operationId: OperationId,
    call: Promise<R>,
    status?: number | readonly number[],
  ): Promise<NonNullable<R["data"]>>;
  /**
   * A response that keeps the contract and refuses the request: a documented 4xx (never 2xx, never 5xx) whose
   * body is one of the error shapes of the operation's service.
   */
  rejected(operationId: OperationId, call: Promise<FetchResult>): Promise<Rejection>;
  /** Broken responses no check has thrown for yet (from helpers of the client); clears the list. */
  takeUnreported(): ResponseVerdict[];
}

function observe(result: FetchResult): ObservedResponse {
  const { response } = result;
  const body = result.data !== undefined ? result.data : result.error;
  return { status: response.status, contentType: response.headers.get("content-type"), body };
}

/** Reads a response as the wire carried it: JSON when it says so (text when it is not valid JSON). */
async function readResponse(response: Response): Promise<ObservedResponse> {
  const contentType = response.headers.get("content-type");
  return {
    status: response.status,
    contentType,
    body: parseBody(contentType, await response.clone().text()),
  };
}

let sharedJudge: Judge | undefined;
let coverage: CoverageModel | undefined;
let current: { key: string; harness: Harness } | undefined;

/**
 * The harness of the running target, for a test file (call it at the top level). Validators compile
 * once per run: the suite runs in one module graph. Responses that the client's helpers fetch
 * (waitForTask, paginate, …) are checked too; a violation among them fails the test that made them.
 */
export function useHarness(): Harness {
  const ctx = inject("contract");
  const key = JSON.stringify(ctx);
  if (current?.key !== key) current = { key, harness: createHarness(ctx) };
  const harness = current.harness;
  beforeEach(() => {
    harness.takeUnreported();
  });
  afterEach(() => {
    const [first, ...more] = harness.takeUnreported();
    if (!first) return;
    const error = new ContractViolationError(first, harness.judge.model.operation(first.operationId));
    if (more.length > 0) error.message += ` (and ${more.length} more broken responses, see the JSON report)`;
    throw error;
  });
  return harness;
}

export function createHarness(ctx: ContractContext): Harness {
  sharedJudge ??= createJudge();
  coverage ??= createCoverageModel(sharedJudge);
  const checker = sharedJudge;
  const model = coverage;
  /** Request bodies as sent, by openapi-fetch's request id, for coverage. */
  const sentBodies = new Map<string, Promise<string>>();
  const byRoute = new Map(checker.operations.map((op) => [`${op.method} ${op.path}`, op.operationId]));
  const judged = new WeakMap<Response, Judged>();
  let unreported: ResponseVerdict[] = [];
  /** The verdict of one response; Prism's own problem+json 4xx is excused, only from a Prism we started. */
  const judgeResponse = (operationId: string, observed: ObservedResponse): Judged => {
    const verdict = checker.checkResponse(operationId, observed.status, observed.contentType, observed.body);
    const prismProblem = ctx.server === "prism" && isPrismProblem(observed.status, observed.contentType);
    recordVerdict(verdict, checker.model.operation(operationId), prismProblem);
    return { verdict, prismProblem };
  };
  const broken = ({ verdict, prismProblem }: Judged) => !prismProblem && verdict.violations.length > 0;

  // Every response any client of the harness receives is checked here, before openapi-fetch parses it.
  const middleware = {
    async onRequest({ request, id }: { request: Request; id: string }) {
      if (request.body) sentBodies.set(id, request.clone().text());
      return undefined;
    },
    onError({ id }: { id: string }) {
      sentBodies.delete(id);
      return undefined;
    },
    async onResponse({
      request,
      response,
      schemaPath,
      id,
    }: {
      request: Request;
      response: Response;
      schemaPath: string;
      id: string;
    }) {
      const sent = sentBodies.get(id);
      sentBodies.delete(id);
      const operationId = byRoute.get(`${request.method.toUpperCase()} ${schemaPath}`);
      if (!operationId) return undefined;
      const result = judgeResponse(operationId, await readResponse(response));
      recordCoverage(
        model.hitsOf({
          operationId,
          query: new URL(request.url).searchParams,
          body: parseBody(request.headers.get("content-type"), (await sent) ?? ""),
          documentedAs: result.verdict.documentedAs,
        }),
      );
      judged.set(response, result);
      if (broken(result)) unreported.push(result.verdict);
      return undefined;
    },
  };
  const withChecks = (client: CloudClient) => {
    client.use(middleware);
    return client;
  };
  const client = withChecks(createSuiteClient(ctx));

  const label = (operationId: OperationId) => operationLabel(checker.model.operation(operationId));

  async function check<R extends FetchResult>(
    operationId: OperationId,
    call: Promise<R>,
  ): Promise<Checked<R>> {
    const result = await call;
    // Not seen by the middleware (it should always be): check what openapi-fetch parsed.
    const seen = judged.get(result.response) ?? judgeResponse(operationId, observe(result));
    const { verdict } = seen;
    if (verdict.operationId !== operationId) {
      throw new Error(
        `${label(operationId)} was expected, but the call went to ${label(verdict.operationId as OperationId)}`,
      );
    }
    unreported = unreported.filter((v) => v !== verdict);
    if (broken(seen)) throw new ContractViolationError(verdict, checker.model.operation(operationId));
    const { status, body } = observe(result);
    return { result, status, body, ...seen };
  }

  async function ok<R extends FetchResult>(
    operationId: OperationId,
    call: Promise<R>,
    status: number | readonly number[] = 200,
  ): Promise<NonNullable<R["data"]>> {
    const checked = await check(operationId, call);
    const wanted = typeof status === "number" ? [status] : status;
    expect(
      wanted,
      `${label(operationId)} answered ${checked.status} ${preview(checked.body, 300)}, expected ${wanted.join(" or ")}`,
    ).toContain(checked.status);
    return checked.result.data as NonNullable<R["data"]>;
  }

  async function rejected(operationId: OperationId, call: Promise<FetchResult>): Promise<Rejection> {
    // `check` judges the answer by the model for this operation and status: an undocumented status, or a
    // body that fits none of the error shapes of the operation's service, fails here.
    const { status, body, prismProblem } = await check(operationId, call);
    expect(
      status >= 400 && status < 500,
      `${label(operationId)} must refuse the request with a 4xx status, but answered ${status} ${preview(body, 300)}`,
    ).toBe(true);
    // Prism answers a refusal with the service's documented example, whichever field the request got wrong.
    const unknown =
      ctx.server === "prism"
        ? []
        : unknownRefusedFields(checker.model, checker.model.operation(operationId), body);
    expect(
      unknown,
      `${label(operationId)} named refused fields the request has no field for (each service names a field by its name): ${preview(body, 300)}`,
    ).toEqual([]);
    return { status, body: body as ApiErrorBody, prismProblem };
  }

  return {
    ctx,
    judge: checker,
    client,
    clientWithAuthorization: (value) => withChecks(createSuiteClient(ctx, { authorization: value })),
    label,
    check,
    ok,
    rejected,
    takeUnreported: () => {
      const taken = unreported;
      unreported = [];
      return taken;
    },
  };
}
