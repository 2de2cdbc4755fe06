// The table of the spec's behavioural statements: every statement has a probe and a check, each probe
// holds on the sandbox as it is, and each fails, under its check, on the seeded bug that breaks it.
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuggyTarget, buggyTarget } from "../bugs/buggy-target.js";
import { seededBug } from "../bugs/catalogue.js";
import { urlContext } from "../bugs/engines.js";
import { createJudge } from "../judge.js";
import { BEHAVIOURS } from "./behaviours.js";
import { CHECKS } from "./checks.js";
import { PROBES } from "./probes.js";
import { replaySteps } from "./sequences.js";
import { createSequenceEnv } from "./world.js";

const judge = createJudge();
const BASE_URL = "http://sandbox.local";

async function probe(target: BuggyTarget, id: string) {
  const ctx = urlContext(BASE_URL);
  const env = await createSequenceEnv(
    ctx,
    { baseUrl: BASE_URL, apiKey: ctx.apiKey, fetch: target.fetch },
    judge,
    {
      tenants: true,
    },
  );
  return replaySteps(env, [{ kind: "behaviour", id }]);
}

describe("the behavioural statements of the spec", () => {
  it("each has an id of its own, a probe, a check and a seeded bug that breaks it", () => {
    const ids = BEHAVIOURS.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const b of BEHAVIOURS) {
      expect(Object.keys(PROBES), b.id).toContain(b.probe);
      expect(Object.keys(CHECKS), b.id).toContain(b.check);
      expect([b.operationId, b.from], b.id).toContain(seededBug(b.brokenBy).operationId);
      expect(b.statement.trim(), b.id).not.toBe("");
    }
  });

  it("cover every operation of the spec", () => {
    const covered = new Set(BEHAVIOURS.flatMap((b) => [b.operationId, b.from ?? b.operationId]));
    for (const op of loadDocument().operations) expect(covered, op.operationId).toContain(op.operationId);
  });

  describe("on the sandbox as it is", () => {
    let target: BuggyTarget;
    beforeAll(() => {
      target = buggyTarget(undefined);
    });
    afterAll(() => target.close());

    it.each(BEHAVIOURS.map((b) => [b.id]))("%s holds", async (id) => {
      const { failure } = await probe(target, id);
      expect(failure?.message).toBeUndefined();
    });
  });

  it.each(BEHAVIOURS.map((b) => [b.id, b.brokenBy, b.check]))(
    "%s fails on %s, under %s",
    async (id, bugId, check) => {
      const target = buggyTarget(seededBug(bugId));
      try {
        const { failure } = await probe(target, id);
        expect(failure?.message, "the probe fails").toBeDefined();
        expect(failure?.check).toBe(check);
      } finally {
        await target.close();
      }
    },
  );
});
