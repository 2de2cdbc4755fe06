// `contract-tests stateful` end to end: against the sandbox it starts, at the default size (exit 0, a tenant
// per sequence, reports with the links followed), against a server that forgets a task after its first getTask (exit 1, a saved
// case file that `--replay` runs again), and with bad values (exit 2, naming what is wrong).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli.js";
import { SUITE_SANDBOX } from "../target-session.js";
import { cleanEnv, runBin, runShell } from "../test-support/bin.js";
import { brokenField } from "../test-support/broken-field.js";
import { forgetfulServer } from "../test-support/forgetful-server.js";
import { sink } from "../test-support/output-sink.js";
import { startRewritingProxy } from "../test-support/rewriting-proxy.js";
import type { SequenceCase } from "./case-file.js";
import { CHECKS } from "./checks.js";
import { FAULT_ONLY_STATUSES } from "./edge-probes.js";
import { DEFAULT_SEQUENCE_OPTIONS } from "./sequence-options.js";

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "stateful-cli-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
  const out = sink();
  const code = await main(argv, env, out.stream);
  return { code, text: out.text() };
}

describe("contract-tests stateful", () => {
  it("keeps every check against the sandbox and writes its reports", async () => {
    const reports = join(work, "sandbox");
    const { code, text } = await run(["stateful", "--target", "sandbox", "--reports-dir", reports]);
    expect(code, text).toBe(0);
    const checks = Object.keys(CHECKS).length;
    expect(text.trimEnd().split("\n").at(-1)).toBe(`verdict: passed (${checks} passed, 0 failed, 0 skipped)`);
    const links = loadDocument().operations.flatMap((op) => op.links).length;
    expect(text).toMatch(new RegExp(`links followed \\d+\\.\\d% \\([1-9]\\d*/${links}\\)`));
    // Every documented status of every operation is reached; those only a fault produces are named with why.
    expect(text).toMatch(/documented statuses 100\.0% \((\d+)\/\1\)/);
    for (const { operationId, status } of FAULT_ONLY_STATUSES)
      expect(text).toContain(`reached through a fault only: ${operationId} ${status} (`);
    const summary = JSON.parse(readFileSync(join(reports, "stateful-sandbox.json"), "utf8"));
    expect(summary.details.failure).toBeNull();
    expect(summary.run).toMatchObject({ name: "stateful", target: "sandbox" });
    expect(summary.totals).toMatchObject({
      tests: Object.keys(CHECKS).length,
      passed: Object.keys(CHECKS).length,
    });
    expect(summary.details.linksFollowed).toEqual(
      expect.arrayContaining([
        "createBareMetalServers 200 GetTask → getTask",
        "createBareMetalServers 200 ListActiveTasks → listActiveTasks",
        "listActiveTasks 200 GetTask → getTask",
      ]),
    );
    // At the default size, each sequence on a tenant of its own.
    const sequences = /^stateful: (\d+) sequences, \d+ requests in .*, a tenant per sequence\)$/m.exec(text);
    expect(Number(sequences?.[1]), text).toBeGreaterThanOrEqual(DEFAULT_SEQUENCE_OPTIONS.sequences);
    expect(readFileSync(join(reports, "stateful-sandbox.xml"), "utf8")).toMatch(/name="tasks-forward: /);
  });

  it("saves a failing sequence that --replay runs again: failing there, passing on a sound server", async () => {
    const sandbox = await startSandbox(SUITE_SANDBOX);
    const proxy = await startRewritingProxy({ upstream: sandbox.url, ...forgetfulServer() });
    try {
      const reports = join(work, "forgetful");
      const env = { CONTRACT_API_KEY: SANDBOX_API_KEY };
      const target = ["--target", "url", "--base-url", proxy.url, "--reports-dir", reports];
      const failed = await run(["stateful", ...target], env);
      expect(failed.code, failed.text).toBe(1);
      expect(failed.text).toMatch(/FAILED ids-retrievable: /);
      const file = /saved: (\S+)/.exec(failed.text)?.[1] as string;
      const saved = JSON.parse(readFileSync(file, "utf8")) as SequenceCase;
      expect(saved.steps.length).toBeLessThanOrEqual(3);
      expect(saved.failure.check).toBe("ids-retrievable");

      const again = await run(
        ["stateful", "--replay", file, "--target", "url", "--base-url", proxy.url],
        env,
      );
      expect(again.code, again.text).toBe(1);
      expect(again.text).toMatch(
        /the saved sequence still fails on url http:\/\/127\.0\.0\.1:\d+: ids-retrievable/,
      );
      const sound = await run(
        ["stateful", "--replay", file, "--target", "url", "--base-url", sandbox.url],
        env,
      );
      expect(sound.code, sound.text).toBe(0);
      expect(sound.text).toMatch(/now keeps every check/);
    } finally {
      await proxy.close();
      await sandbox.stop();
    }
  });

  it("replays a saved case with no target flags on the url target it failed on, and cannot run once that is gone", async () => {
    const sandbox = await startSandbox(SUITE_SANDBOX);
    const proxy = await startRewritingProxy({ upstream: sandbox.url, ...brokenField() });
    const reports = join(work, "broken-field");
    const env = cleanEnv({ NO_COLOR: "1" });
    try {
      const failed = await runBin(
        [
          "stateful",
          "--target",
          "url",
          "--base-url",
          proxy.url,
          "--sequences",
          "1",
          "--reports-dir",
          reports,
        ],
        { env },
      );
      expect(failed.code, failed.stdout).toBe(1);
      expect(failed.stdout).toMatch(/FAILED response-conforms: listPlanContents/);
      const file = /saved: (\S+)/.exec(failed.stdout)?.[1] as string;
      expect(JSON.parse(readFileSync(file, "utf8")).target).toEqual({ kind: "url", baseUrl: proxy.url });
      // The hint, run as printed: no target flags, so the saved target (still broken) is asked again.
      const hint = / — run it again with: (.+)$/m.exec(failed.stdout)?.[1] as string;
      expect(hint).toBe(`node bin/contract-tests.js stateful --replay ${file}`);
      const again = await runShell(hint, env);
      expect(again.code, again.stdout).toBe(1);
      expect(again.stdout).toContain(`the saved sequence still fails on url ${proxy.url}: response-conforms`);
    } finally {
      await proxy.close();
      await sandbox.stop();
    }
    const file = join(reports, "cases", "stateful-url", "seed-1.json");
    const gone = await runBin(["stateful", "--replay", file], { env });
    expect(gone.code, gone.stdout).toBe(2);
    expect(gone.stdout).toBe(
      `contract-tests: ${file} was saved against --target url --base-url ${proxy.url}, which does not answer (ECONNREFUSED): start it, or pass --target and --base-url to replay it elsewhere\n`,
    );
  });

  it.for([
    [["stateful", "--sequences", "0"], /--sequences <n>' argument '0' is invalid/],
    [["stateful", "--max-steps", "x"], /--max-steps <n>' argument 'x' is invalid/],
    [["stateful", "--replay", "/nonexistent/case.json"], /\/nonexistent\/case\.json cannot be read as JSON/],
    [["stateful", "--target", "url"], /--target url needs --base-url or CONTRACT_BASE_URL/],
    [
      ["stateful", "--target", "prism"],
      /argument 'prism' is invalid. Allowed choices are sandbox, url, real/,
    ],
    [["stateful", "--replay", "x.json", "--seed", "2"], /--seed does not apply to --replay/],
    [
      ["generate", "--stateful"],
      /generate --stateful is now its own command: node (\S+\/)?bin\/contract-tests\.js stateful$/m,
    ],
  ] as const)("exits 2 when it cannot run: %j", async ([argv, message]) => {
    const { code, text } = await run([...argv]);
    expect(code, text).toBe(2);
    expect(text).toMatch(message);
  });
});
