// One well-formed request per operation, from the spec's examples and the target's ids. The auth table
// sends these with a broken Authorization header; shape tests build their own variants.
import { loadDocument, type Operation } from "@cloud-contract/spec/document";
import type { ContractContext } from "../context.js";
import { pathParameters } from "../target-session.js";
import type { CloudClient } from "./client.js";
import type { FetchResult } from "./harness.js";
import type { OperationId } from "./operations.js";

/** A task id that exists nowhere: the auth checks come before the lookup. */
export const UNKNOWN_TASK_ID = "00000000-0000-4000-8000-000000000000";

/** An address unique to this run and call, so repeated runs never collide (the sandbox answers 409 to duplicates). */
export function uniqueEmail(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `contract-${label}-${stamp}@example.com`;
}

export function projectRegion(ctx: ContractContext) {
  return { project_id: ctx.ids.projectId, region_id: ctx.ids.regionId };
}

/** The first example of the operation's JSON request body; undefined when it has no body. */
function requestExample(operation: Operation): unknown {
  const media = operation.requestBody?.content["application/json"];
  if (!media) return undefined;
  if ("example" in media) return media.example;
  return Object.values(media.examples ?? {})[0]?.value;
}

/** The example value of a parameter: its own `example`, else the first of its schema's `examples`. */
function parameterExample(parameter: Operation["parameters"][number]): unknown {
  const object = parameter.object as { example?: unknown; examples?: Record<string, { value?: unknown }> };
  if (object.example !== undefined) return object.example;
  const named = Object.values(object.examples ?? {})[0]?.value;
  if (named !== undefined) return named;
  return (loadDocument().resolve(parameter.schema) as { examples?: unknown[] }).examples?.[0];
}

/**
 * One well-formed request of the operation, from the spec: the path parameters are the target's ids
 * (never the examples'), the required query parameters and the body are the spec's examples.
 */
export function sampleCall(
  operationId: OperationId,
  client: CloudClient,
  ctx: ContractContext,
): Promise<FetchResult> {
  const operation = loadDocument().operation(operationId);
  const ids = pathParameters(ctx, UNKNOWN_TASK_ID);
  const path: Record<string, string | number> = {};
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === "path") {
      const value = ids[parameter.name];
      if (value === undefined)
        throw new Error(`no value of the target for ${operationId}'s path parameter ${parameter.name}`);
      path[parameter.name] = value;
    }
    if (parameter.in === "query" && parameter.required) query[parameter.name] = parameterExample(parameter);
  }
  const body = requestExample(operation);
  const send = client[operation.method as "GET"] as unknown as (
    path: string,
    init: { params: { path: object; query: object }; body?: unknown },
  ) => Promise<FetchResult>;
  return send(operation.path, { params: { path, query }, ...(body === undefined ? {} : { body }) });
}
