// The catalogue of seeded bugs: each one wrong thing the sandbox could do in one operation, switched on one
// at a time (buggy-target.ts) to prove that the engines catch it; each operation's are in its folder
// (src/operations/<operationId>/bugs.ts). `bench:bugs` runs them all through the suite, generate and stateful;
// catalogue.test.ts runs one per class.
import { BUGS_BY_OPERATION } from "../operations/bug-registry.js";
import { SENTENCE_CLASSES, type SeededBug } from "./seeded-bug.js";

export const CATALOGUE: readonly SeededBug[] = Object.values(BUGS_BY_OPERATION).flat();

/** The bugs that break a sentence across fields, calls or time, each answer valid on its own. */
export const STATEMENT_BUGS: readonly SeededBug[] = CATALOGUE.filter((b) =>
  SENTENCE_CLASSES.includes(b.class),
);

export function seededBug(id: string): SeededBug {
  const found = CATALOGUE.find((b) => b.id === id);
  if (!found) throw new Error(`no seeded bug "${id}" (see src/operations/)`);
  return found;
}
