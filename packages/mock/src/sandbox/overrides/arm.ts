import { type DocumentModel, isJsonMediaType, matchStatus, type Operation } from "@cloud-contract/spec/model";
import { itemAt } from "../../lists.js";
import type { OverrideMatch, OverrideRequest } from "../control/schema.js";
import { unknownOperation } from "../control/unknown-operation.js";
import { numberView } from "../exact-json.js";
import { ApiError } from "../http/api-error.js";
import { headerProblems } from "../http/header-rules.js";
import { MAX_JSON_DEPTH, valueNestsDeeper } from "../http/json-depth.js";
import { fieldKey } from "../http/validate.js";
import { randomUuid } from "../secure-random.js";
import type { TenantHoldings } from "../tenants/registry.js";
import { generatedValue } from "./generate-body.js";
import type { OverrideRule } from "./override.js";

/** Most overrides one tenant holds at once; arming one more is a 400 naming it. */
export const MAX_OVERRIDES_PER_TENANT = 100;
/** Most characters of an override's body (as JSON text). */
export const MAX_OVERRIDE_BODY_CHARS = 256 * 1024;

const refuse = (message: string, fields: Record<string, string[]>) =>
  new ApiError(400, message, { invalidFields: fields });

/** What an override answers and to which calls: an armed one's, or a request's with its body given. */
type OverrideAnswer = Pick<OverrideRule, "operation_id" | "status" | "body" | "headers" | "match">;

/**
 * Checks an override (already valid against the control API's schema) against the served API and arms it on
 * the tenant (saved with its store): its status must be documented for the operation, its headers ones Node writes and clients read
 * (no framing or hop-by-hop header), and its body valid against the schema that status documents (each broken
 * rule a 400 naming its pointer and keyword). A body left out is generated from that schema with the store's
 * seed. A tenant holding {@link MAX_OVERRIDES_PER_TENANT} overrides gets a 400.
 */
export async function armOverride(
  tenant: TenantHoldings,
  request: OverrideRequest,
  served: DocumentModel,
): Promise<OverrideRule> {
  const { armed, store } = tenant;
  if (armed.overrides.length >= MAX_OVERRIDES_PER_TENANT) {
    throw new ApiError(
      400,
      `The tenant holds ${MAX_OVERRIDES_PER_TENANT} overrides, the most it may; delete some before adding another.`,
      { exceptionClass: "TooManyOverrides", info: { max_overrides: MAX_OVERRIDES_PER_TENANT } },
    );
  }
  const match = request.match ?? {};
  const headers = request.headers ?? {};
  const { operation, schema } = checkedTarget(served, { ...request, match, headers });
  let body = request.body;
  const generated = body === undefined && schema !== undefined;
  if (schema !== undefined) {
    body ??= await generatedValue(served, schema, store.seed, `${operation.operationId}:${request.status}`);
    if (body === undefined) {
      throw refuse(
        `No valid body could be generated for ${operation.operationId} ${request.status}; give one.`,
        {
          "body.body": ["could not be generated"],
        },
      );
    }
  }
  checkAnswerBody(served, operation, request.status, schema, body);
  const override: OverrideRule = {
    id: randomUuid(),
    operation_id: operation.operationId,
    status: request.status,
    ...(body !== undefined ? { body } : {}),
    body_generated: generated,
    headers,
    times: request.times ?? 1,
    match,
    answered: [],
  };
  armed.overrides.push(override);
  store.changed();
  return override;
}

/**
 * Why a stored override could not be armed today (its operation, status, headers or body refused by the checks
 * above); undefined when it could.
 */
export function storedOverrideProblem(served: DocumentModel, stored: OverrideAnswer): string | undefined {
  try {
    const { operation, schema } = checkedTarget(served, stored);
    if (schema !== undefined && stored.body === undefined)
      return `${operation.operationId} ${stored.status} has no body`;
    checkAnswerBody(served, operation, stored.status, schema, stored.body);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = Object.entries(error.invalidFields ?? {}).map(
      ([field, why]) => `${field} ${why.join(", ")}`,
    );
    return fields.length > 0 ? `${error.message} (${fields.join("; ")})` : error.message;
  }
}

/** The operation the override answers and the schema its status documents, after its match and headers. */
function checkedTarget(
  served: DocumentModel,
  answer: OverrideAnswer,
): { operation: Operation; schema: object | undefined } {
  const operation = served.findOperation(answer.operation_id);
  if (!operation) throw unknownOperation(served, answer.operation_id);
  checkMatch(operation, answer.match);
  const problems = Object.entries(headerProblems(answer.headers));
  if (problems.length > 0) {
    const fields = Object.fromEntries(
      problems.map(([name, problem]) => [name === "" ? "body.headers" : `body.headers.${name}`, [problem]]),
    );
    const [name, problem] = itemAt(problems, 0);
    throw refuse(
      `The override's headers cannot be sent: ${name === "" ? "" : `${name} `}${problem}.`,
      fields,
    );
  }
  return { operation, schema: bodySchema(operation, answer.status) };
}

/** The body must be left out when the status documents none, and otherwise be bounded and valid. */
function checkAnswerBody(
  served: DocumentModel,
  operation: Operation,
  status: number,
  schema: object | undefined,
  body: unknown,
): void {
  if (body === undefined) return;
  if (schema === undefined) {
    throw refuse(`${operation.operationId} documents no body for status ${status}.`, {
      "body.body": ["must be left out: the status documents no body"],
    });
  }
  if (valueNestsDeeper(body)) {
    throw refuse(`The override's body nests deeper than ${MAX_JSON_DEPTH} levels.`, {
      "body.body": [`nests deeper than ${MAX_JSON_DEPTH} levels`],
    });
  }
  if ((JSON.stringify(body)?.length ?? 0) > MAX_OVERRIDE_BODY_CHARS) {
    throw refuse(`The override's body is longer than ${MAX_OVERRIDE_BODY_CHARS} characters of JSON.`, {
      "body.body": [`longer than ${MAX_OVERRIDE_BODY_CHARS} characters`],
    });
  }
  checkBody(served, operation, status, schema, body);
}

/**
 * The JSON schema the status documents for the operation; undefined when it documents no body. An undocumented
 * status, or one documented with other media types only, is a 400.
 */
function bodySchema(operation: Operation, status: number): object | undefined {
  const documentedAs = matchStatus(operation.statuses, status);
  if (documentedAs === undefined) {
    const problem = `status ${status} is not documented (documented: ${operation.statuses.join(", ")})`;
    throw refuse(`${operation.operationId}: ${problem}; an override answers documented statuses only.`, {
      "body.status": [problem],
    });
  }
  const content = operation.responses[documentedAs]?.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) return undefined;
  const json = types.find(isJsonMediaType);
  if (json === undefined) {
    throw refuse(
      `${operation.operationId} ${status} answers ${types.join(", ")}; an override answers JSON only.`,
      {
        "body.status": [`documents no JSON body (${types.join(", ")})`],
      },
    );
  }
  return (content[json]?.schema as object | undefined) ?? {};
}

/** Each rule the body breaks, keyed as every sandbox error keys a field (`body.body.count`): "<message> (<keyword>)". */
function checkBody(
  served: DocumentModel,
  operation: Operation,
  status: number,
  schema: object,
  body: unknown,
) {
  const { errors } = served.compile(schema)(numberView(body));
  if (errors.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldKey("body.body", error);
    fields[field] = [...(fields[field] ?? []), `${error.message} (${error.keyword})`];
  }
  const first = errors[0];
  throw refuse(
    `The override breaks ${operation.operationId}'s ${status} answer: ${first?.pointer} ${first?.message} (${first?.keyword}).`,
    fields,
  );
}

/** A match may name only the operation's path and query parameters. */
function checkMatch(operation: Operation, match: OverrideMatch): void {
  const named = (where: "path" | "query") =>
    new Set(operation.parameters.filter((p) => p.in === where).map((p) => p.name));
  for (const [part, where] of [
    ["params", "path"],
    ["query", "query"],
  ] as const) {
    const known = named(where);
    const unknown = Object.keys(match[part] ?? {}).filter((name) => !known.has(name));
    if (unknown.length > 0) {
      const valid = [...known].join(", ") || "none";
      throw refuse(
        `${operation.operationId} has no ${where} parameter ${unknown.join(", ")} (valid: ${valid}).`,
        {
          [`body.match.${part}`]: [`unknown: ${unknown.join(", ")}`],
        },
      );
    }
  }
}
