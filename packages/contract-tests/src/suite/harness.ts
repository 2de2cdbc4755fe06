// What every contract test uses: the target's context, clients from @cloud-contract/client, and
// checks that validate each response against the spec before asserting anything else.
import type { ApiErrorBody } from "@cloud-contract/types";
import { afterEach, beforeEach, expect, inject } from "vitest";
import { parseBody } from "../body.js";
import type { ContractContext } from "../context.js";
import { type CoverageModel, createCoverageModel } from "../coverage-report/model.js";
import { createJudge } from "../judge.js";
import { recordCoverage, recordReport } from "../meta.js";
import {
  ContractViolationError,
  createResponseValidator,
  type ObservedResponse,
  operationLabel,
  preview,
  type ResponseReport,
  type ResponseValidator,
} from "../validate.js";
import { type CloudClient, createSuiteClient } from "./client.js";
import type { OperationId } from "./operations.js";

/** The shape of an openapi-fetch answer. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface Checked<R extends FetchResult> {
  result: R;
  status: number;
  body: unknown;
  report: ResponseReport;
}

export interface Rejection {
  status: number;
  body: ApiErrorBody;
  /** Prism answered with its own problem+json (accepted as a mock limitation, see the README). */
  prismProblem: boolean;
}

export interface Harness {
  ctx: ContractContext;
  validator: ResponseValidator;
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
  takeUnreported(): ResponseReport[];
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

let validator: ResponseValidator | undefined;
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
    const error = new ContractViolationError(first);
    if (more.length > 0) error.message += ` (and ${more.length} more broken responses, see the JSON report)`;
    throw error;
  });
  return harness;
}

export function createHarness(ctx: ContractContext): Harness {
  validator ??= createResponseValidator();
  coverage ??= createCoverageModel(createJudge(validator.doc));
  const checker = validator;
  const model = coverage;
  /** Request bodies as sent, by openapi-fetch's request id, for coverage. */
  const sentBodies = new Map<string, Promise<string>>();
  // Prism answers some broken requests with its own problem+json body; only a Prism we started is excused.
  const options = { acceptPrismProblems: ctx.server === "prism" };
  const byRoute = new Map(
    [...checker.operations.values()].map((op) => [`${op.method} ${op.path}`, op.operationId]),
  );
  const reports = new WeakMap<Response, ResponseReport>();
  let unreported: ResponseReport[] = [];

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
      const report = checker.check(operationId, await readResponse(response), options);
      recordReport(report);
      recordCoverage(
        model.hitsOf({
          operationId,
          query: new URL(request.url).searchParams,
          body: parseBody(request.headers.get("content-type"), (await sent) ?? ""),
          documentedAs: report.documentedAs,
        }),
      );
      reports.set(response, report);
      if (report.violations.length > 0) unreported.push(report);
      return undefined;
    },
  };
  const withChecks = (client: CloudClient) => {
    client.use(middleware);
    return client;
  };
  const client = withChecks(createSuiteClient(ctx));

  const label = (operationId: OperationId) => {
    const op = checker.operations.get(operationId);
    if (!op) throw new Error(`unknown operationId "${operationId}"`);
    return operationLabel(op);
  };

  async function check<R extends FetchResult>(
    operationId: OperationId,
    call: Promise<R>,
  ): Promise<Checked<R>> {
    const result = await call;
    let report = reports.get(result.response);
    if (!report) {
      // Not seen by the middleware (it should always be): check what openapi-fetch parsed.
      report = checker.check(operationId, observe(result), options);
      recordReport(report);
    }
    if (report.operation.operationId !== operationId) {
      throw new Error(
        `${label(operationId)} was expected, but the call went to ${operationLabel(report.operation)}`,
      );
    }
    unreported = unreported.filter((r) => r !== report);
    if (report.violations.length > 0) throw new ContractViolationError(report);
    const { status, body } = observe(result);
    return { result, status, body, report };
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
    const { status, body, report } = await check(operationId, call);
    expect(
      status >= 400 && status < 500,
      `${label(operationId)} must refuse the request with a 4xx status, but answered ${status} ${preview(body, 300)}`,
    ).toBe(true);
    return { status, body: body as ApiErrorBody, prismProblem: report.prismProblem };
  }

  return {
    ctx,
    validator: checker,
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
