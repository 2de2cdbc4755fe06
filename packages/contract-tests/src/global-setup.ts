// vitest global setup of the contract suite: opens the target of the run's configuration (starting Prism
// or the sandbox on a free port when it asks for one), provides the context to the tests, and stops the
// server after the run (vitest calls the returned teardown whether tests passed or failed).
import type { TestProject } from "vitest/node";
import "./provided.js";
import { openTarget } from "./target-session.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const session = await openTarget(project.getProvidedContext().run.target);
  project.provide("contract", session.ctx);
  return session.stop;
}
