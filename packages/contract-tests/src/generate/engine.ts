// Property-based cases for one operation (fast-check; seeded, so a run can be repeated exactly):
// - steered valid cases, one per oneOf branch, enum value and optional field of the request, so a run
//   reaches each of them, then `cases` random valid cases: a documented answer, never a 5xx;
// - invalid cases, one per constraint that a single change can break: refused with a 4xx.
// A failing case is shrunk by fast-check; values are filtered by the schema check, so a shrunk invalid
// case still breaks the schema (and it is checked once more before it is reported).
import type { OpenApiDocument } from "@cloud-contract/spec/document";
import fc from "fast-check";
import type { CoverageModel } from "../coverage-report/model.js";
import { queryValue } from "../coverage-report/model.js";
import { messageOf } from "../error-message.js";
import type { Judge } from "../judge.js";
import type { RequestModel, Schema } from "../request-model.js";
import { ArbitraryBuilder } from "./arbitrary.js";
import { describeSteps, type Plan, plansOf } from "./plan.js";
import { type CaseTarget, failureOf, type Outcome, type RequestCase, sendCase } from "./request-case.js";

/** A generated request before it goes on the wire: the values of the query parameters and the body. */
interface DrawnRequest {
  query: Record<string, unknown>;
  body?: unknown;
}

export interface CaseFailure {
  case: RequestCase;
  outcome?: Outcome;
  reason: string;
}

export interface OperationRun {
  operationId: string;
  /** Requests sent (shrinking included). */
  sent: number;
  /** Steering goals (branches, enum values, optional fields) and how many valid cases reached. */
  goals: { total: number; reached: number; missed: string[] };
  /** Constraints that could be broken on the wire, and those that could not (e.g. a type of a query string). */
  breaks: { total: number; sent: number };
  failures: CaseFailure[];
  hits: Set<string>;
}

export interface GenerateOptions {
  /** Random valid cases (steered and invalid ones come on top). */
  cases: number;
  seed: number;
  /** Path parameter values by name. */
  pathParams: Record<string, string | number>;
  /** Only the cases that break one constraint each (no steered or random valid ones). */
  invalidOnly?: boolean;
  /** At most this many constraints broken, the shallowest first (all when absent). */
  maxBreaks?: number;
}

/** Samples drawn to decide whether a plan can produce a wanted value at all. */
const PROBE_SAMPLES = 4;

const seedFor = (seed: number, index: number) => (Math.abs(seed * 31 + index * 7919) % 2 ** 31) | 0;

/** The synthetic schema of a whole request: `{ query: {…params}, body }`. */
function requestSchema(model: RequestModel): Schema {
  const query = model.parameters.filter((p) => p.in === "query");
  const properties: Record<string, Schema> = {
    query: {
      type: "object",
      properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
      required: query.filter((p) => p.required).map((p) => p.name),
    },
  };
  const required = ["query"];
  if (model.body) {
    properties.body = model.body.schema;
    required.push("body");
  }
  return { type: "object", properties, required };
}

export class OperationGenerator {
  private readonly schema: Schema;
  private readonly builder: ArbitraryBuilder;
  private readonly path: string;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly model: RequestModel,
    private readonly judge: Judge,
    private readonly coverage: CoverageModel,
    private readonly target: CaseTarget,
    private readonly options: GenerateOptions,
  ) {
    this.schema = requestSchema(model);
    this.builder = new ArbitraryBuilder(doc);
    this.path = model.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = options.pathParams[name];
      if (value === undefined)
        throw new Error(`no value for the path parameter ${name} of ${model.operationId}`);
      return encodeURIComponent(String(value));
    });
  }

  /** The request as the server will read it: query strings typed back by their schemas. */
  private onTheWire(drawn: DrawnRequest): {
    query: Array<[string, string]>;
    parsed: Record<string, unknown>;
  } {
    const query: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(drawn.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        query.push([name, typeof one === "object" ? JSON.stringify(one) : String(one)]);
      }
    }
    const search = new URLSearchParams(query);
    const parsed: Record<string, unknown> = {};
    for (const parameter of this.model.parameters) {
      if (parameter.in !== "query") continue;
      const values = search.getAll(parameter.name);
      if (values.length > 0) parsed[parameter.name] = queryValue(this.doc, parameter.schema, values);
    }
    return { query, parsed };
  }

  private isValid(drawn: DrawnRequest): boolean {
    const { parsed } = this.onTheWire(drawn);
    const request = this.model.body ? { query: parsed, body: drawn.body } : { query: parsed };
    return this.judge.schemaErrors(this.schema, request).length === 0;
  }

  private toCase(drawn: DrawnRequest, kind: RequestCase["kind"], plan: string, seed: number): RequestCase {
    const c: RequestCase = {
      kind,
      operationId: this.model.operationId,
      method: this.model.method,
      path: this.path,
      query: this.onTheWire(drawn).query,
      plan,
      seed,
    };
    if (this.model.body) c.body = drawn.body;
    return c;
  }

  private planLabel(plan: Plan): string {
    const where = describeSteps(plan.steps);
    const { goal } = plan;
    switch (goal.kind) {
      case "enum":
        return `enum value ${JSON.stringify(goal.value)} at ${where}`;
      case "branch":
        return `oneOf branch ${goal.index + 1} at ${where}`;
      case "optional":
        return `optional field ${goal.name} at ${where}`;
      case "break": {
        const c = goal.constraint;
        const detail = "limit" in c ? ` ${c.limit}` : c.kind === "required" ? ` ${c.name}` : "";
        return `breaks ${c.kind}${detail} at ${where}`;
      }
    }
  }

  /** Runs the cases; calls `onCase` for each request sent. */
  async run(): Promise<OperationRun> {
    const result: OperationRun = {
      operationId: this.model.operationId,
      sent: 0,
      goals: { total: 0, reached: 0, missed: [] },
      breaks: { total: 0, sent: 0 },
      failures: [],
      hits: new Set(),
    };
    const plans = plansOf(this.doc, this.schema).filter(
      // The wrapper ({query, body}) is ours, not the spec's: nothing to steer or break on it.
      (plan) =>
        plan.steps.length > 0 &&
        !(
          plan.steps.length === 1 &&
          plan.steps[0]?.kind === "property" &&
          plan.steps[0].name === "query" &&
          plan.goal.kind === "break" &&
          plan.goal.constraint.kind === "type"
        ),
    );
    let index = 0;
    const check = async (
      arbitrary: fc.Arbitrary<unknown>,
      kind: RequestCase["kind"],
      label: string,
      numRuns: number,
    ) => {
      const seed = seedFor(this.options.seed, index++);
      const wanted = (drawn: unknown) => this.isValid(drawn as DrawnRequest) === (kind === "valid");
      const probe = fc.sample(arbitrary, { seed, numRuns: PROBE_SAMPLES });
      if (!probe.some(wanted)) return false;
      const filtered = arbitrary.filter(wanted);
      // Why the last failing send failed, for a case that passes when it is sent again after shrinking.
      let lastFailure: string | undefined;
      const details = await fc.check(
        fc.asyncProperty(filtered, async (drawn) => {
          const c = this.toCase(drawn as DrawnRequest, kind, label, seed);
          const outcome = await sendCase(this.target, c, this.judge).catch((error: unknown) => {
            lastFailure = `the request failed: ${messageOf(error)}`;
            throw error;
          });
          result.sent++;
          for (const hit of this.coverage.hitsOf({
            operationId: c.operationId,
            query: new URLSearchParams(c.query),
            body: c.body,
            documentedAs: outcome.verdict.documentedAs,
          })) {
            result.hits.add(hit);
          }
          const failure = failureOf(c, outcome);
          if (failure !== undefined) lastFailure = failure;
          return failure === undefined;
        }),
        { seed, numRuns },
      );
      if (details.failed) {
        const drawn = details.counterexample?.[0] as DrawnRequest | undefined;
        if (drawn === undefined) {
          const c = this.toCase({ query: {} }, kind, label, seed);
          result.failures.push({ case: c, reason: String(details.errorInstance ?? "the property failed") });
          return true;
        }
        const c = this.toCase(drawn, kind, label, seed);
        // Checked once more after shrinking: an invalid case must still break the schema.
        if (!wanted(drawn))
          throw new Error(`shrinking produced a case that is no longer ${kind}: ${JSON.stringify(c)}`);
        try {
          const outcome = await sendCase(this.target, c, this.judge);
          result.failures.push({
            case: c,
            outcome,
            reason:
              failureOf(c, outcome) ??
              `failed once (${lastFailure ?? "no reason kept"}), passed when sent again`,
          });
        } catch (error) {
          result.failures.push({ case: c, reason: `the request failed: ${messageOf(error)}` });
        }
      }
      return true;
    };

    const root = (plan?: Plan) => this.builder.build(this.schema, plan) as fc.Arbitrary<unknown>;
    for (const plan of this.options.invalidOnly ? [] : plans.filter((p) => p.goal.kind !== "break")) {
      result.goals.total++;
      const label = this.planLabel(plan);
      if (await check(root(plan), "valid", label, 1)) result.goals.reached++;
      else result.goals.missed.push(label);
    }
    if (this.options.cases > 0 && !this.options.invalidOnly) {
      await check(root(), "valid", "random", this.options.cases);
    }
    const breaks = plans
      .filter((p) => p.goal.kind === "break")
      .map((plan, order) => ({ plan, order }))
      // The shallowest constraints first (a stable sort keeps the schema's order among equals).
      .sort((a, b) => a.plan.steps.length - b.plan.steps.length || a.order - b.order)
      .slice(0, this.options.maxBreaks ?? Number.POSITIVE_INFINITY)
      .map(({ plan }) => plan);
    for (const plan of breaks) {
      result.breaks.total++;
      if (await check(root(plan), "invalid", this.planLabel(plan), 1)) result.breaks.sent++;
    }
    return result;
  }
}
