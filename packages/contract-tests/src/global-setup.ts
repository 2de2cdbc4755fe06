// vitest global setup of the contract suite: starts Prism or the sandbox on a free port when the
// target asks for one, provides the context to the tests, and stops the server after the run
// (vitest calls the returned teardown whether tests passed or failed).
import { SANDBOX_API_KEY, SANDBOX_FIXTURES, startPrism, startSandbox } from "@cloud-contract/mock";
import type { TestProject } from "vitest/node";
import { buildContext } from "./context.js";
import { resolveTarget } from "./targets.js";

/** Tasks of the sandbox finish after this delay: long enough to see them running, short for the suite. */
const SANDBOX_TASK_DELAY_MS = 150;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const plan = resolveTarget(process.env);
  if (plan.kind !== "ready") throw new Error(plan.message);

  let server: { url: string; stop(): Promise<void> } | undefined;
  if (plan.server === "prism") server = await startPrism({ port: 0 });
  if (plan.server === "sandbox") server = await startSandbox({ port: 0, taskDelayMs: SANDBOX_TASK_DELAY_MS });

  try {
    project.provide(
      "contract",
      buildContext(plan, { apiKey: SANDBOX_API_KEY, fixtures: SANDBOX_FIXTURES }, server?.url),
    );
  } catch (error) {
    await server?.stop();
    throw error;
  }
  return async () => {
    await server?.stop();
  };
}
