// A failing generated case kept as a regression test: the request as the typed client sends it (the
// operation's path template and its parameters), what the contract expects and what the run observed.
// keptCaseFailure judges a new answer to it the way the run judged the first one.
import { loadDocument } from "@cloud-contract/spec/document";
import { parseBody } from "../body.js";
import { failureOf, type Outcome, type RequestCase } from "../generate/request-case.js";
import { createJudge, type Judge } from "../judge.js";
import { compareShapes } from "../parity/shape.js";
import type { SavedTarget } from "../saved-target.js";

/** The answer a recording got (parity): a kept case of it expects the same status and the same body fields. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
}

export interface KeptCase extends RequestCase {
  /** The operation's path as the spec writes it, `{name}` for each parameter. */
  template: string;
  pathParams: Record<string, string>;
  /** The run the failure came from: `generate, seed 1`. */
  from: string;
  /** The target the run failed on (kind and base URL, never the key): `contract-tests kept` runs it there. */
  target: SavedTarget;
  /** What the contract asks of the answer. */
  expected: string;
  /** What the run got, and why that fails. */
  observed: { status: number; body: unknown; failure: string };
  recorded?: RecordedAnswer;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A path segment decoded, or as it is when it is no valid percent-encoding (a recorded `/%zz`). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path parameters of `path` by the names of `template` (`/tasks/{task_id}`). */
export function pathParamsOf(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  const found = new RegExp(`^${pattern}$`).exec(path);
  if (!found) throw new Error(`${path} does not follow ${template}`);
  return Object.fromEntries(names.map((name, n) => [name, decodedSegment(found[n + 1] ?? "")]));
}

/** The kept form of a failing case and the outcome the run observed. */
export function keepCase(
  c: RequestCase,
  outcome: Outcome,
  failure: string,
  from: string,
  target: SavedTarget,
  recorded?: RecordedAnswer,
): KeptCase {
  const operation = loadDocument().operations.find((op) => op.operationId === c.operationId);
  if (operation === undefined) throw new Error(`no operation ${c.operationId} in the spec`);
  return {
    ...c,
    template: operation.path,
    pathParams: pathParamsOf(operation.path, c.path),
    from,
    target,
    expected:
      recorded !== undefined
        ? `the recorded answer's status (${recorded.status}) and body fields, keeping the spec`
        : c.kind === "valid"
          ? "a documented answer whose body keeps the spec, never a 5xx"
          : `a 4xx refusal (the request ${c.plan})`,
    observed: { status: outcome.status, body: outcome.body, failure },
    ...(recorded === undefined ? {} : { recorded }),
  };
}

let judge: Judge | undefined;

/**
 * Why this answer to a kept case still fails it, or undefined once it keeps the contract. `answer` is the
 * body as the client handed it over: text (parsed here by its content type) or already parsed JSON.
 */
export function keptCaseFailure(
  kept: RequestCase & { recorded?: RecordedAnswer },
  status: number,
  contentType: string | null,
  answer: unknown,
): string | undefined {
  judge ??= createJudge();
  const body = typeof answer === "string" ? parseBody(contentType, answer) : answer;
  const verdict = judge.checkResponse(kept.operationId, status, contentType, body);
  const broken = failureOf(kept, { status, contentType, body, verdict, prismProblem: false });
  if (broken !== undefined || kept.recorded === undefined) return broken;
  if (status !== kept.recorded.status) return `status ${status}, recorded ${kept.recorded.status}`;
  const fields = compareShapes(kept.recorded.body, body).map(
    (d) => `${d.kind} ${d.pointer}: recorded ${d.recorded ?? "absent"}, now ${d.target ?? "absent"}`,
  );
  return fields.length > 0 ? fields.join("; ") : undefined;
}
