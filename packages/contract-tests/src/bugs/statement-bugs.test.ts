// Every seeded bug that breaks a sentence across fields, calls or time is caught by one of the statements
// about its operation (behaviours.ts), each probe run on a fresh sandbox with the bug switched on.
import { describe, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { EVERY_OPERATION } from "../stateful/behaviour.js";
import { BEHAVIOURS } from "../stateful/behaviours.js";
import { replaySteps } from "../stateful/sequences.js";
import { createSequenceEnv } from "../stateful/world.js";
import { buggyTarget } from "./buggy-target.js";
import { STATEMENT_BUGS } from "./catalogue.js";
import { urlContext } from "./engines.js";

const judge = createJudge();
const BASE_URL = "http://sandbox.local";

describe("the seeded bugs of the contract's sentences", () => {
  it("are at least 40, seven classes", () => {
    expect(STATEMENT_BUGS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(STATEMENT_BUGS.map((b) => b.class)).size).toBe(7);
  });

  it.each(STATEMENT_BUGS.map((b) => [b.id, b]))(
    "%s is caught by a statement about its operation or every operation",
    async (_, bug) => {
      const statements = BEHAVIOURS.filter(
        (b) =>
          b.operationId === bug.operationId || b.from === bug.operationId || EVERY_OPERATION.has(b.probe),
      );
      const target = buggyTarget(bug);
      try {
        const failures: string[] = [];
        for (const statement of statements) {
          const ctx = urlContext(BASE_URL);
          const env = await createSequenceEnv(
            ctx,
            { baseUrl: BASE_URL, apiKey: ctx.apiKey, fetch: target.fetch },
            judge,
            {
              tenants: true,
            },
          );
          const { failure } = await replaySteps(env, [{ kind: "behaviour", id: statement.id }]);
          // One statement that catches the bug is what is asserted: the others need not run.
          if (failure) {
            failures.push(failure.message);
            break;
          }
        }
        expect(failures, statements.map((s) => s.id).join(", ")).not.toEqual([]);
      } finally {
        await target.close();
      }
    },
  );
});
