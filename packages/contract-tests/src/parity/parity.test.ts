// Parity end to end: the suite's own run against one sandbox, recorded through `record`'s proxy (the
// recording shared with the record and replay tests), is re-sent to a fresh sandbox (no difference), then to a fresh sandbox behind a small server that changes
// one operation's status or drops one field of one operation's answers (exactly that is reported).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli.js";
import { createJudge } from "../judge.js";
import { specOperationIds } from "../test-support/operation-ids.js";
import { sink } from "../test-support/output-sink.js";
import { recordedSuite } from "../test-support/recorded-suite.js";
import { RECORDED_TASK_DELAY_MS } from "../test-support/recorded-suite-setup.js";
import { type RewritingProxyOptions, startRewritingProxy } from "../test-support/rewriting-proxy.js";
import { allowedBy, loadAllowList } from "./allow-list.js";
import { type RecordedExchange, type Recording, readRecording } from "./recording.js";
import { authorizationFor, type ParityResult, replayForParity } from "./replay.js";

const judge = createJudge();
let work: string;
let recordings: string;
let recording: Recording;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "parity-"));
  const recorded = await recordedSuite();
  if (recorded.code !== 0) throw new Error(`the recorded suite run failed (${recorded.code})`);
  recordings = recorded.recordings;
  recording = readRecording([recordings], judge);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Parity of the recording against a fresh sandbox, optionally behind a server that changes it. */
async function parityAgainst(
  change?: Omit<RewritingProxyOptions, "upstream">,
  recorded: Recording = recording,
): Promise<ParityResult> {
  const sandbox = await startSandbox({ port: 0, taskDelayMs: RECORDED_TASK_DELAY_MS });
  const proxy = change ? await startRewritingProxy({ upstream: sandbox.url, ...change }) : undefined;
  try {
    const target = {
      baseUrl: proxy?.url ?? sandbox.url,
      apiKey: SANDBOX_API_KEY,
      fetch: (r: Request) => fetch(r),
    };
    return await replayForParity(recorded, target, judge, "clock");
  } finally {
    await proxy?.close();
    await sandbox.stop();
  }
}

const summary = (result: ParityResult) =>
  result.differences.map((d) => `${d.operationId} ${d.kind} ${d.pointer ?? ""} ${d.recorded} → ${d.target}`);

describe("parity of the suite's recorded run", () => {
  it("finds no difference against a fresh sandbox, mapping the ids it handed out", async () => {
    expect(recording.exchanges.length).toBeGreaterThan(100);
    const result = await parityAgainst();
    expect(summary(result)).toEqual([]);
    expect(result.exchanges).toBe(recording.exchanges.length);
    expect(result.operations.map((o) => o.operationId).sort()).toEqual(specOperationIds());
  });

  it("reports exactly the operation whose status changed", async () => {
    const result = await parityAgainst({
      rewrite: (exchange, answer) =>
        exchange.operationId === "revokeCdnCertificate" && answer.status === 200
          ? { ...answer, status: 201 }
          : undefined,
    });
    expect(new Set(summary(result))).toEqual(new Set(["revokeCdnCertificate status  200 → 201"]));
    expect(result.operations.filter((o) => o.differing > 0).map((o) => o.operationId)).toEqual([
      "revokeCdnCertificate",
    ]);
  });

  it("reports exactly the operation and field that went missing", async () => {
    const result = await parityAgainst({
      rewrite: (exchange, answer) => {
        if (exchange.operationId !== "listResellerNotificationSettings" || answer.status !== 200)
          return undefined;
        const { previous: _dropped, ...rest } = answer.body as Record<string, unknown>;
        return { ...answer, body: rest };
      },
    });
    expect(new Set(summary(result))).toEqual(
      new Set(["listResellerNotificationSettings missing-field /previous string → absent"]),
    );
  });

  it("asks a read again once the clock has moved on by its recorded wait, and no further", async () => {
    // A task creation from the recording and a read that found its task FINISHED, re-timed: the read
    // starts 100 ms after the creation (the task runs 150 ms), and the recorded server took `waitMs` to
    // answer it. Within that wait the task may have ended; beyond it, it cannot have.
    const reads = recording.exchanges.filter(
      (x) => x.operationId === "getTask" && (x.body as { state?: string }).state === "FINISHED",
    );
    const [created, read] = recording.exchanges
      .filter((x) => x.operationId === "createBareMetalServers" && x.status === 200)
      .flatMap((x) => (x.body as { tasks: string[] }).tasks.map((id) => [x, id] as const))
      .map(([x, id]) => [x, reads.find((r) => r.path.endsWith(`/${id}`))] as const)
      .find(([, r]) => r !== undefined) as [RecordedExchange, RecordedExchange];
    const retimed = (waitMs: number): Recording => ({
      ...recording,
      exchanges: [
        { ...created, startedAt: 0 },
        { ...read, startedAt: 100, waitMs },
      ],
    });
    const caughtUp = await parityAgainst(undefined, retimed(80));
    expect(summary(caughtUp)).toEqual([]);
    const stillRunning = await parityAgainst(undefined, retimed(20));
    // Named by the target's id: the fresh sandbox hands out its own.
    expect(stillRunning.differences.map((d) => [d.operationId, d.kind, d.recorded, d.target])).toEqual([
      ["getTask", "task-state", "FINISHED", "RUNNING"],
    ]);
  });

  it("reports tasks that end otherwise than recorded, under getTask", async () => {
    const result = await parityAgainst({
      rewrite: (exchange, answer) => {
        const task = answer.body as { state?: string };
        if (exchange.operationId !== "getTask" || task?.state !== "FINISHED") return undefined;
        return { ...answer, body: { ...task, state: "ERROR" } };
      },
    });
    expect(result.differences.length).toBeGreaterThan(0);
    expect(new Set(result.differences.map((d) => `${d.operationId} ${d.kind}`))).toEqual(
      new Set(["getTask task-state"]),
    );
    expect(result.differences[0]?.recorded).toMatch(/FINISHED$/);
    expect(result.differences[0]?.target).toMatch(/ERROR$/);
  });
});

describe("contract-tests parity", () => {
  it("prints a table per operation, writes JSON and JUnit, exit 0 against a fresh sandbox", async () => {
    const out = sink();
    const reports = join(work, "cli-reports");
    const code = await main(
      ["parity", recordings, "--target", "sandbox", "--reports-dir", reports],
      {},
      out.stream,
    );
    expect(code, out.text()).toBe(0);
    expect(out.text()).toMatch(
      /^operation\s+exchanges\s+differing\s+status\s+fields\s+task states\s+allowed$/m,
    );
    expect(out.text()).toMatch(/^getTask\s+\d+\s+0\s+0\s+0\s+0\s+0$/m);
    expect(out.text()).toMatch(/pace clock/);
    const summary = JSON.parse(readFileSync(join(reports, "parity-sandbox.json"), "utf8"));
    expect(summary.details.differences).toEqual([]);
    expect(summary.run).toMatchObject({ name: "parity", target: "sandbox" });
    expect(summary.totals.failed).toBe(0);
    expect(summary.totals.passed).toBeGreaterThan(0);
    expect(readFileSync(join(reports, "parity-sandbox.xml"), "utf8")).toMatch(
      /<testcase classname="getTask" name="getTask" time="0.000"\/>/,
    );
  });

  it("exit 1 naming the operation that differs, 0 once the allow-list accepts it", async () => {
    const allow = join(work, "allow-status.json");
    writeFileSync(
      allow,
      JSON.stringify({ allow: [{ operationId: "revokeCdnCertificate", kind: "status", reason: "known" }] }),
    );
    // Each run against a fresh sandbox behind the same change: a used one holds the first run's state.
    const run = async (extra: string[]) => {
      const sandbox = await startSandbox({ port: 0, taskDelayMs: RECORDED_TASK_DELAY_MS });
      const proxy = await startRewritingProxy({
        upstream: sandbox.url,
        rewrite: (exchange, answer) =>
          exchange.operationId === "revokeCdnCertificate" && answer.status === 200
            ? { ...answer, status: 201 }
            : undefined,
      });
      try {
        const out = sink();
        const argv = [
          "parity",
          recordings,
          "--target",
          "url",
          "--base-url",
          proxy.url,
          "--reports-dir",
          join(work, "r"),
          ...extra,
        ];
        return {
          code: await main(argv, { CONTRACT_API_KEY: SANDBOX_API_KEY }, out.stream),
          text: out.text(),
        };
      } finally {
        await proxy.close();
        await sandbox.stop();
      }
    };
    const failing = await run([]);
    expect(failing.code, failing.text).toBe(1);
    expect(failing.text).toMatch(/^revokeCdnCertificate\s+\d+\s+[1-9]\d*\s+[1-9]\d*\s+0\s+0\s+0$/m);
    expect(failing.text).toMatch(/revokeCdnCertificate: status — recorded 200, target 201/);
    const failed = JSON.parse(readFileSync(join(work, "r", "parity-url.json"), "utf8"));
    expect(
      failed.operations.find((op: { operationId: string }) => op.operationId === "revokeCdnCertificate"),
    ).toMatchObject({
      failed: 1,
      failures: [{ test: "revokeCdnCertificate", error: expect.stringMatching(/status/) }],
    });
    const allowed = await run(["--allow", allow]);
    expect(allowed.code, allowed.text).toBe(0);
    expect(allowed.text).toMatch(/^revokeCdnCertificate\s+\d+\s+[1-9]\d*\s+0\s+0\s+0\s+[1-9]\d*$/m);
  });

  it.for([
    [["parity", "/nonexistent/recording.har"], /nonexistent\/recording\.har/],
    [["parity", "--target", "url"], /missing required argument 'har/],
    [["parity", "REC", "--target", "prism"], /argument 'prism' is invalid/],
    [["parity", "REC", "--target", "url"], /--target url needs --base-url or CONTRACT_BASE_URL/],
    [["parity", "REC", "--pace", "fast"], /argument 'fast' is invalid/],
    [
      ["parity", "REC", "--allow", "/nonexistent/allow.json"],
      /allow-list \/nonexistent\/allow\.json cannot be read/,
    ],
  ] as const)("exit 2 when it cannot run: %j", async ([argv, message]) => {
    const out = sink();
    const code = await main(
      argv.map((a) => (a === "REC" ? recordings : a)),
      {},
      out.stream,
    );
    expect(code, out.text()).toBe(2);
    expect(out.text()).toMatch(message);
  });
});

describe("parity's pieces", () => {
  it("send the target's key for a redacted one, a wrong key where the recording was refused", () => {
    expect(authorizationFor("apikey REDACTED", 200, "k")).toBe("apikey k");
    expect(authorizationFor("APIKey REDACTED", 401, "k")).toMatch(/^APIKey (?!k$)/);
    expect(authorizationFor("Bearer", 401, "k")).toBe("Bearer");
    expect(authorizationFor(undefined, 401, "k")).toBeUndefined();
  });

  it("read an allow-list, each rule with its reason, pointers ending in /** matching below them", () => {
    const file = join(work, "allow.json");
    writeFileSync(
      file,
      JSON.stringify({ allow: [{ operationId: "getTask", pointer: "/data/**", reason: "free-form" }] }),
    );
    const rules = loadAllowList(file);
    const difference = {
      where: "x",
      operationId: "getTask",
      kind: "extra-field" as const,
      recorded: "absent",
      target: "string",
    };
    expect(allowedBy(rules, { ...difference, pointer: "/data/x" })).toBeDefined();
    expect(allowedBy(rules, { ...difference, pointer: "/database" })).toBeUndefined();
    writeFileSync(file, JSON.stringify({ allow: [{ operationId: "getTask" }] }));
    expect(() => loadAllowList(file)).toThrow(/rule 1 .* gives no reason/);
  });
});
