// Opens a target for a run: starts Prism or the sandbox on a free port when the target asks for one,
// and builds the context the tests (and generated cases) use. The caller stops it.
import { connectSandbox, prismEntry, SANDBOX_API_KEY, startPrism, startSandbox } from "@cloud-contract/mock";
import { buildContext, type ContractContext } from "./context.js";
import { messageOf } from "./error-message.js";
import type { ReadyTarget } from "./run-config/target.js";
import { isSandbox } from "./sandbox-control.js";

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

/**
 * Why the target's local server cannot start on this machine (the optional Prism peer is not installed),
 * as the one line to print, or undefined when nothing is missing. Asked before anything starts or is written.
 */
export function missingPeer(plan: ReadyTarget): string | undefined {
  if (plan.server !== "prism") return undefined;
  try {
    prismEntry();
    return undefined;
  } catch (error) {
    return `--target prism needs Prism, an optional peer dependency that is not installed: ${installCommand(error)} (or use --target sandbox, which needs nothing more)`;
  }
}

/** The install command the mock names in its "not installed" message. */
function installCommand(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /npm install [^\s]+ [^\s]+/.exec(message)?.[0] ?? message;
}

/**
 * A server someone else runs. A `url` target is asked whether it is a sandbox (its control API): when the
 * flags left mutations open, a sandbox gets them and anything else (a staging) stays read-only. A sandbox
 * that will be changed and was given no key of the run's own gets a tenant of its own, so the shared
 * default world stays as it was.
 */
async function externalContext(plan: ReadyTarget): Promise<ContractContext> {
  const baseUrl = plan.baseUrl;
  if (baseUrl === undefined) throw new Error(`target ${plan.target} has no base URL`);
  const sandbox = plan.target === "url" && (await isSandbox(baseUrl, plan.apiKey ?? SANDBOX_API_KEY));
  const allowMutations = plan.mutationsFollowTarget ? sandbox : plan.allowMutations;
  let apiKey = plan.apiKey;
  if (sandbox && allowMutations && apiKey === undefined) {
    try {
      apiKey = (await connectSandbox(baseUrl).tenant()).key;
    } catch (error) {
      throw new Error(`the sandbox at ${baseUrl} gave no tenant of the run's own: ${messageOf(error)}`);
    }
  }
  return {
    ...buildContext({ ...plan, allowMutations, ...(apiKey === undefined ? {} : { apiKey }) }),
    sandbox,
  };
}

export async function openTarget(plan: ReadyTarget): Promise<TargetSession> {
  const missing = missingPeer(plan);
  if (missing !== undefined) throw new Error(missing);
  if (plan.server === undefined) {
    const ctx = await externalContext(plan);
    return { ctx, stop: async () => {} };
  }
  let server: { url: string; stop(): Promise<void> } | undefined;
  if (plan.server === "prism") server = await startPrism({ port: 0 });
  if (plan.server === "sandbox") server = await startSandbox(SUITE_SANDBOX);
  try {
    const ctx = buildContext(plan, server?.url);
    return { ctx, stop: async () => server?.stop() };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}
