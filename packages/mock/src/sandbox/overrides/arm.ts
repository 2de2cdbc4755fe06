import { type DocumentModel, isJsonMediaType, matchStatus, type Operation } from "@cloud-contract/spec/model";
import type { OverrideMatch, OverrideRequest } from "../control/schema.js";
import { unknownOperation } from "../control/unknown-operation.js";
import { numberView } from "../exact-json.js";
import { ApiError } from "../http/api-error.js";
import { fieldKey } from "../http/validate.js";
import { randomUuid } from "../secure-random.js";
import type { Store } from "../store.js";
import { generatedValue } from "./generate-body.js";
import type { OverrideRule } from "./override.js";

/** Headers an override may not set: the sandbox states them from the body it sends. */
const OWN_HEADERS = new Set(["content-type", "content-length"]);

const refuse = (message: string, fields: Record<string, string[]>) =>
  new ApiError(400, message, { invalidFields: fields });

/**
 * Checks an override (already valid against the control API's schema) against the served API and arms it on
 * the store: its status must be documented for the operation and its body valid against the schema that status
 * documents (each broken rule a 400 naming its pointer and keyword). A body left out is generated from that
 * schema with the store's seed.
 */
export async function armOverride(
  store: Store,
  request: OverrideRequest,
  served: DocumentModel,
): Promise<OverrideRule> {
  const operation = served.findOperation(request.operation_id);
  if (!operation) throw unknownOperation(served, request.operation_id);
  const match = request.match ?? {};
  checkMatch(operation, match);
  const headers = request.headers ?? {};
  const own = Object.keys(headers).filter((name) => OWN_HEADERS.has(name.toLowerCase()));
  if (own.length > 0) {
    throw refuse(`An override may not set ${own.join(", ")}.`, {
      "body.headers": [`may not set ${own.join(", ")}`],
    });
  }
  const schema = bodySchema(operation, request.status);
  let body = request.body;
  const generated = body === undefined && schema !== undefined;
  if (schema === undefined && body !== undefined) {
    throw refuse(`${operation.operationId} documents no body for status ${request.status}.`, {
      "body.body": ["must be left out: the status documents no body"],
    });
  }
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
    checkBody(served, operation, request.status, schema, body);
  }
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
  store.overrides.push(override);
  store.changed();
  return override;
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
