// The statements a request can check, of the spec's descriptions and the sandbox's README (statements.ts maps
// each sentence to them), gathered from each operation's folder (src/operations/<operationId>/behaviours.ts).
// `stateful` derives its behaviour steps from this list: one sweep step per statement, and the same steps among
// the random ones. behaviours.test.ts proves each probe fails on the seeded bug its statement names. Left out:
// the sandbox's own configurable limits (10,000 tasks, servers, settings; 1,000 tags), which describe the
// double, not the API.
import { BEHAVIOURS_BY_OPERATION } from "../operations/behaviour-registry.js";
import type { Behaviour } from "./behaviour.js";

export const BEHAVIOURS: readonly Behaviour[] = Object.values(BEHAVIOURS_BY_OPERATION).flat();

export function behaviour(id: string): Behaviour {
  const found = BEHAVIOURS.find((b) => b.id === id);
  if (!found) throw new Error(`no behaviour "${id}"`);
  return found;
}
