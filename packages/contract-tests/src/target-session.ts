// Opens a target for a run: starts Prism or the sandbox on a free port when the target asks for one,
// and builds the context the tests (and generated cases) use. The caller stops it.
import { SANDBOX_API_KEY, SANDBOX_FIXTURES, startPrism, startSandbox } from "@cloud-contract/mock";
import { buildContext, type ContractContext } from "./context.js";
import type { ReadyTarget } from "./run-config/target.js";

/** Tasks of the sandbox finish after this delay: long enough to see them running, short for the suite. */
const SANDBOX_TASK_DELAY_MS = 150;

/**
 * The sandbox a run starts for itself: its own test double, so the tenant limits that guard a shared sandbox
 * are lifted (a stateful run gives every sequence, and every shrinking step, a tenant of its own).
 */
export const SUITE_SANDBOX = {
  port: 0,
  taskDelayMs: SANDBOX_TASK_DELAY_MS,
  maxTenants: 100_000,
  tenantCreation: { burst: 100_000, everyMs: 1 },
};

export interface TargetSession {
  ctx: ContractContext;
  stop(): Promise<void>;
}

export async function openTarget(plan: ReadyTarget): Promise<TargetSession> {
  let server: { url: string; stop(): Promise<void> } | undefined;
  if (plan.server === "prism") server = await startPrism({ port: 0 });
  if (plan.server === "sandbox") server = await startSandbox(SUITE_SANDBOX);
  try {
    const ctx = buildContext(plan, { apiKey: SANDBOX_API_KEY, fixtures: SANDBOX_FIXTURES }, server?.url);
    return { ctx, stop: async () => server?.stop() };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}

/** The value of each path parameter of the spec, from the target's ids and fixtures. */
export function pathParameters(ctx: ContractContext, unknownTaskId: string): Record<string, string | number> {
  return {
    project_id: ctx.ids.projectId,
    region_id: ctx.ids.regionId,
    group_id: ctx.ids.securityGroupId,
    port_id: ctx.ids.portId,
    res_id: ctx.ids.cdnResourceId,
    resellerId: ctx.ids.resellerId,
    stream_id: ctx.ids.streamId,
    task_id: ctx.fixtures.finishedTaskId ?? unknownTaskId,
  };
}
