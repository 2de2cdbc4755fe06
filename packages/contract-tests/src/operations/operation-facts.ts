// What the contract tests know of one operation, kept in its own file (src/operations/<operationId>.ts): the
// seeded bugs that break it and the statements that check it.
import type { SeededBug } from "../bugs/seeded-bug.js";
import type { Behaviour } from "../stateful/behaviour.js";

export interface OperationFacts {
  bugs: readonly SeededBug[];
  behaviours: readonly Behaviour[];
}
