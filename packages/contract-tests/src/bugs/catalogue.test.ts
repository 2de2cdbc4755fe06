// The catalogue of seeded bugs and the machinery that runs it: the catalogue's shape, every engine green on
// the sandbox without a bug, and one bug of each class caught by an engine. The whole catalogue through
// every engine is `bench:bugs`, not this test.
import { loadDocument } from "@cloud-contract/spec/document";
import { afterEach, describe, expect, it } from "vitest";
import { type BuggyTarget, buggyTarget } from "./buggy-target.js";
import { CATALOGUE, seededBug } from "./catalogue.js";
import { ENGINE_RUNS, type EngineName, suiteFilesFor } from "./engines.js";
import { BUG_CLASSES } from "./seeded-bug.js";

const OPTIONS = { cases: 5, sequences: 3, seed: 1 };
const targets: BuggyTarget[] = [];
const open = (id?: string) => {
  const target = buggyTarget(id === undefined ? undefined : seededBug(id));
  targets.push(target);
  return target;
};
afterEach(async () => {
  await Promise.all(targets.splice(0).map((t) => t.close()));
});

describe("the catalogue of seeded bugs", () => {
  it("holds at least 50 bugs, over every operation and the five classes, each with its own id", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(50);
    const ids = CATALOGUE.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    const operations = loadDocument().operations.map((op) => op.operationId);
    expect(new Set(CATALOGUE.map((b) => b.operationId))).toEqual(new Set(operations));
    expect(new Set(CATALOGUE.map((b) => b.class))).toEqual(new Set(BUG_CLASSES));
    for (const bug of CATALOGUE) {
      expect(bug.id.startsWith(`${bug.class}.${bug.operationId}.`), bug.id).toBe(true);
      expect(bug.description, bug.id).toMatch(/^[^\n]+$/);
    }
  });

  it.each(["suite", "generate", "stateful"] as const)(
    "%s passes on the sandbox without a bug",
    async (engine) => {
      const verdict = await ENGINE_RUNS[engine](open(), seededBug("shape.getTask.state-dropped"), OPTIONS);
      expect(verdict.detail).not.toMatch(/^exit/);
      expect(verdict).toMatchObject({ caught: false });
      expect(verdict.error).toBeUndefined();
    },
  );

  const SAMPLE: Array<[string, EngineName]> = [
    ["shape.getTask.state-dropped", "suite"],
    ["status.revokeCdnCertificate.400-as-text", "generate"],
    ["auth.listActiveTasks.out-of-scope", "stateful"],
    ["validation.listPlanContents.limit-clamped", "generate"],
    ["behaviour.listActiveTasks.count-lies", "stateful"],
  ];
  it.each(SAMPLE)("%s is caught by %s", async (id, engine) => {
    const verdict = await ENGINE_RUNS[engine](open(id), seededBug(id), OPTIONS);
    expect(verdict.error).toBeUndefined();
    expect(verdict.caught, verdict.detail).toBe(true);
  });

  it("runs the suite's files that call the operation and those that cover every operation", () => {
    expect(suiteFilesFor("resetStreamPushToken")).toEqual([
      "src/auth.contract.test.ts",
      "src/generated-refusals.contract.test.ts",
      "src/samples.contract.test.ts",
      "src/streaming/push-token.contract.test.ts",
    ]);
  });

  it("leaves every other operation alone", async () => {
    const target = open("shape.getTask.state-dropped");
    const response = await target.fetch(
      new Request("http://sandbox.local/cloud/v1/tasks/1/1/active", {
        headers: { authorization: "apikey sandbox-api-key" },
      }),
    );
    const body = (await response.json()) as { results: Array<{ state?: string }> };
    expect(response.status).toBe(200);
    expect(body.results.every((t) => typeof t.state === "string")).toBe(true);
    const broken = await target.fetch(
      new Request(`http://sandbox.local/cloud/v1/tasks/f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9`, {
        headers: { authorization: "apikey sandbox-api-key" },
      }),
    );
    expect(await broken.json()).not.toHaveProperty("state");
  });
});
