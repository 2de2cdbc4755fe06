// One well-formed request per operation: the spec model's sample request with the target's ids. The auth
// table sends these with a broken Authorization header; shape tests build their own variants.
import { type Fixtures, loadDocument } from "@cloud-contract/spec/document";
import type { ContractContext } from "../context.js";
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

/** The target's fixtures under the sandbox's names: its ids, and the task it knows, else an unknown one. */
export function targetFixtures(ctx: ContractContext): Fixtures {
  return { ...ctx.ids, finishedTaskId: ctx.fixtures.finishedTaskId ?? UNKNOWN_TASK_ID };
}

/** The operation's sample request (the spec model's), with the target's ids in its path. */
export function sampleCall(
  operationId: OperationId,
  client: CloudClient,
  ctx: ContractContext,
): Promise<FetchResult> {
  const sample = loadDocument().sampleRequest(operationId, targetFixtures(ctx));
  const send = client[sample.method as "GET"] as unknown as (
    path: string,
    init: { params: { path: object; query: object }; body?: unknown },
  ) => Promise<FetchResult>;
  const path = loadDocument().operation(operationId).path;
  const init = { params: { path: sample.pathParameters, query: sample.query } };
  return send(path, sample.body === undefined ? init : { ...init, body: sample.body });
}
