// Stateful sequences against small servers in front of a real sandbox that each break one rule (the default
// run against the sandbox itself is stateful-cli.test.ts's): one forgets a created task after its first
// getTask, one lets a request without a key through
// on one operation. The failures are found, shrunk, saved and replayed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningSandbox, SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { type ReadyTarget, resolveTarget } from "../run-config/target.js";
import { openTarget, SUITE_SANDBOX } from "../target-session.js";
import { forgetfulServer } from "../test-support/forgetful-server.js";
import { type RewritingProxyOptions, startRewritingProxy } from "../test-support/rewriting-proxy.js";
import { loadSequenceCase, saveSequenceCase } from "./case-file.js";
import { DEFAULT_SEQUENCE_OPTIONS } from "./sequence-options.js";
import { replaySteps, runSequences } from "./sequences.js";
import { createSequenceEnv, type SequenceEnv } from "./world.js";

const judge = createJudge();
let sandbox: RunningSandbox;
let work: string;

beforeAll(async () => {
  sandbox = await startSandbox(SUITE_SANDBOX);
  work = mkdtempSync(join(tmpdir(), "stateful-"));
});

afterAll(async () => {
  await sandbox?.stop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * The environment of sequences against a base URL (the url target, with the sandbox's fixtures): a sandbox
 * behind it, as the proxies here forward its control API too, so sequences may change data.
 */
async function envFor(baseUrl: string, tenants = true): Promise<SequenceEnv> {
  const plan = resolveTarget({ CONTRACT_TARGET: "url", CONTRACT_BASE_URL: baseUrl }) as ReadyTarget;
  const { ctx } = await openTarget(plan);
  expect(ctx.allowMutations, "a sandbox behind url may be changed").toBe(true);
  return createSequenceEnv(ctx, { baseUrl, apiKey: ctx.apiKey, fetch: (r) => fetch(r) }, judge, { tenants });
}

async function withProxy<T>(
  options: Omit<RewritingProxyOptions, "upstream"> & { upstream?: string },
  use: (url: string) => Promise<T>,
) {
  const proxy = await startRewritingProxy({ upstream: sandbox.url, ...options });
  try {
    return await use(proxy.url);
  } finally {
    await proxy.close();
  }
}

describe("stateful sequences", () => {
  it("find a task forgotten after its first getTask, shrink it to three steps at most and replay it", async () => {
    await withProxy(forgetfulServer(), async (url) => {
      const env = await envFor(url);
      const result = await runSequences(env, DEFAULT_SEQUENCE_OPTIONS);
      const failure = result.failure;
      expect(failure?.check, failure?.message).toBe("ids-retrievable");
      expect(failure?.message).toMatch(/not found|→ 404|does not list/);
      expect(failure?.steps.length).toBeLessThanOrEqual(3);
      // The creation is a step of its own, or the start of a behaviour's probe (the sweep runs those first).
      expect(failure?.steps.some((s) => s.kind === "call" || s.kind === "behaviour")).toBe(true);

      const file = join(work, "forgotten-task.json");
      saveSequenceCase(
        file,
        result.seed,
        { kind: "url", baseUrl: url },
        failure as NonNullable<typeof failure>,
      );
      const saved = loadSequenceCase(file);
      expect(saved.steps).toEqual(failure?.steps);
      expect(saved.target).toEqual({ kind: "url", baseUrl: url });
      const again = await replaySteps(env, saved.steps);
      expect(again.failure?.check).toBe("ids-retrievable");
    });
    // The same saved steps keep every check against the sandbox itself.
    const saved = loadSequenceCase(join(work, "forgotten-task.json"));
    expect((await replaySteps(await envFor(sandbox.url), saved.steps)).failure).toBeUndefined();
  });

  it("accept a documented conflict when a sample write is sent again, and only then", async () => {
    const env = await envFor(sandbox.url);
    const twice = [
      { kind: "call", operationId: "updateSecurityGroup" },
      { kind: "call", operationId: "updateSecurityGroup" },
      { kind: "call", operationId: "addResellerNotificationSetting" },
      { kind: "call", operationId: "addResellerNotificationSetting" },
    ] as const;
    expect((await replaySteps(env, [...twice])).failure).toBeUndefined();
    // A server that refuses the first sample write with 409 breaks the check: nothing was written before.
    const refusing: Omit<RewritingProxyOptions, "upstream"> = {
      answer: (exchange) =>
        exchange.operationId === "updateSecurityGroup"
          ? { status: 409, body: { message: "refused by the test server" } }
          : undefined,
    };
    await withProxy(refusing, async (url) => {
      const result = await replaySteps(await envFor(url), [twice[0]]);
      expect(result.failure).toMatchObject({ check: "valid-accepted", operationId: "updateSecurityGroup" });
    });
  });

  it("accept a 404 for a rule an earlier update deleted when the v1 sample is sent again", async () => {
    // The v1 sample deletes the seeded HTTPS rule by id; the v2 sample's task puts the rule set back with
    // an HTTPS rule of a new id and without the v1 sample's SSH rule, so the repeat creates that SSH rule
    // and names a rule that is gone. Tasks that end at once make it happen whatever the machine's load.
    const quick = await startSandbox({ ...SUITE_SANDBOX, taskDelayMs: 0 });
    const statuses: number[] = [];
    const seen: Omit<RewritingProxyOptions, "upstream"> = {
      rewrite: (exchange, answer) => {
        if (exchange.operationId === "updateSecurityGroup") statuses.push(answer.status);
        return undefined;
      },
    };
    try {
      await withProxy({ ...seen, upstream: quick.url }, async (url) => {
        const result = await replaySteps(await envFor(url), [
          { kind: "call", operationId: "updateSecurityGroup" },
          { kind: "call", operationId: "updateSecurityGroupV2" },
          { kind: "follow", link: 0 }, // the v2 update's task, ended when read
          { kind: "call", operationId: "updateSecurityGroup" },
        ]);
        expect(statuses).toEqual([200, 404]);
        expect(result.failure).toBeUndefined();
      });
    } finally {
      await quick.stop();
    }
  });

  it("end the tasks earlier steps started before a v2 security-group probe reads the group", async () => {
    // The v2 sample's task would otherwise end while the probe's own change runs, adding its rules.
    const steps = [
      { kind: "call", operationId: "updateSecurityGroupV2" },
      { kind: "behaviour", id: "security-groups-v2.applied" },
    ] as const;
    const { failure } = await replaySteps(await envFor(sandbox.url), [...steps]);
    expect(failure?.message).toBeUndefined();
  });

  it("name the one operation that accepts a request without a key", async () => {
    const lenient: Omit<RewritingProxyOptions, "upstream"> = {
      forward(exchange) {
        if (exchange.operationId === "listPlanContents" && !exchange.headers.has("authorization")) {
          exchange.headers.set("authorization", `apikey ${SANDBOX_API_KEY}`);
        }
      },
    };
    await withProxy(lenient, async (url) => {
      const result = await runSequences(await envFor(url), DEFAULT_SEQUENCE_OPTIONS);
      expect(result.failure).toMatchObject({
        check: "auth-required",
        operationId: "listPlanContents",
        steps: [{ kind: "auth", operationId: "listPlanContents", credentials: "missing" }],
      });
      expect(result.failure?.message).toBe("auth-required: listPlanContents with a missing key → 200");
    });
  });

  it("send only what changes nothing on a read-only target", async () => {
    // On the default key (no tenant per sequence), whose state must not change.
    const env = { ...(await envFor(sandbox.url, false)), readOnly: true };
    const before = await (
      await fetch(`${sandbox.url}/__sandbox/state`, {
        headers: { authorization: `apikey ${SANDBOX_API_KEY}` },
      })
    ).text();
    const result = await runSequences(env, { ...DEFAULT_SEQUENCE_OPTIONS, sequences: 20 });
    expect(result.failure).toBeUndefined();
    const after = await (
      await fetch(`${sandbox.url}/__sandbox/state`, {
        headers: { authorization: `apikey ${SANDBOX_API_KEY}` },
      })
    ).text();
    expect(after).toBe(before);
  });

  it("call getTask only through links when the target names no task of its own (as on the real API)", async () => {
    const base = await envFor(sandbox.url);
    const ctx = { ...base.ctx, fixtures: {} };
    const env = await createSequenceEnv(ctx, base.target, judge, { tenants: true });
    expect([...env.withoutSample]).toEqual(["getTask"]);
    const result = await runSequences(env, { ...DEFAULT_SEQUENCE_OPTIONS, sequences: 20 });
    expect(result.failure).toBeUndefined();
  });

  it("refuse a file that is not a saved sequence, naming it", () => {
    const file = join(work, "not-a-case.json");
    saveSequenceCase(
      file,
      1,
      { kind: "sandbox", baseUrl: "http://127.0.0.1:1" },
      {
        check: "error",
        operationId: undefined,
        message: "x",
        steps: [],
        described: [],
      },
    );
    expect(() => loadSequenceCase(join(work, "missing.json"))).toThrow(
      /missing\.json cannot be read as JSON/,
    );
  });
});
