// The global setup behind recorded-suite.ts: provides the URL of a small server in vitest's own process; the
// first file that asks it starts the recording, and every asker gets the same one once it is done. A run that
// asks nothing records nothing. The teardown removes the recording.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import type { RecordSummary } from "../record/proxy.js";

/** The sandboxes of the recording finish tasks after 150 ms; so do the fresh ones the readers replay to. */
export const RECORDED_TASK_DELAY_MS = 150;

export interface RecordedSuite {
  /** The folder of the HAR file. */
  recordings: string;
  /** The suite run's exit code and its output (stdout and stderr). */
  code: number | null;
  output: string;
  /** What the proxy said once stopped. */
  summary: RecordSummary;
  /** The push tokens the sandbox handed out during the run (none may be in the HAR). */
  pushTokens: string[];
}

declare module "vitest" {
  interface ProvidedContext {
    recordedSuiteUrl: string;
  }
}

/** Runs the suite against a fresh sandbox through the record proxy, writing the HAR under `work`. */
async function recordSuite(work: string): Promise<RecordedSuite> {
  // Imported here, so that a run which never asks for the recording does not load them.
  const { SANDBOX_API_KEY, startSandbox } = await import("@cloud-contract/mock");
  const { createJudge } = await import("../judge.js");
  const { startRecordProxy } = await import("../record/proxy.js");
  const { runSuiteAgainst } = await import("./run-suite.js");
  const recordings = join(work, "recordings");
  const sandbox = await startSandbox({ port: 0, taskDelayMs: RECORDED_TASK_DELAY_MS });
  try {
    const proxy = await startRecordProxy({ upstream: sandbox.url, outDir: recordings, judge: createJudge() });
    // The behaviour tests too (CONTRACT_STATEFUL=1): task lifecycles are part of what parity compares.
    const run = await runSuiteAgainst(
      { baseUrl: proxy.url, apiKey: SANDBOX_API_KEY, reportsDir: join(work, "reports") },
      [],
      { CONTRACT_STATEFUL: "1" },
    );
    const summary = await proxy.stop();
    const pushTokens = sandbox
      .state()
      .streams.map((stream) => stream.token)
      .filter((token): token is string => typeof token === "string");
    return { recordings, code: run.code, output: run.output, summary, pushTokens };
  } finally {
    await sandbox.stop();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), "recorded-suite-"));
  let recording: Promise<RecordedSuite> | undefined;
  const server = createServer((_req, res) => {
    recording ??= recordSuite(work);
    recording.then(
      (recorded) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(recorded));
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the recording's server has no port");
  project.provide("recordedSuiteUrl", `http://127.0.0.1:${address.port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await recording?.catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  };
}
