// vitest global setup of the contract suite: opens the target (starting Prism or the sandbox on a free
// port when it asks for one), provides the context to the tests, and stops the server after the run
// (vitest calls the returned teardown whether tests passed or failed).
import type { TestProject } from "vitest/node";
import { openTarget } from "./target-session.js";
import { resolveTarget } from "./targets.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const plan = resolveTarget(process.env);
  if (plan.kind !== "ready") throw new Error(plan.message);
  const session = await openTarget(plan);
  project.provide("contract", session.ctx);
  return session.stop;
}
