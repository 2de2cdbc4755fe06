// The work of `contract-tests record` (see record.ts): the proxy from its start until SIGINT or SIGTERM,
// then the summary and the exit code.
import { REDACTED } from "@cloud-contract/mock/redact";
import { judgeOfFile } from "../judge.js";
import { type RecordSummary, startRecordProxy } from "../record/proxy.js";
import { CannotRun, type CliIo } from "./command.js";

export interface RecordSettings {
  upstream: string;
  port: number;
  outDir: string;
  spec: string | undefined;
  upstreamTimeoutMs: number;
}

function describeRecording(summary: RecordSummary): string {
  const broken = Object.entries(summary.broken).map(([id, n]) => `${id} ${n}`);
  const lines = [
    `recorded ${summary.exchanges} exchanges to ${summary.file}`,
    `${summary.violations} violations${broken.length ? ` (${broken.join(", ")})` : ""}; ${summary.unknownRoutes} not in the spec; ${summary.unjudged} not judged (body cut or too deep)`,
  ];
  if (summary.unreachable + summary.timedOut > 0) {
    lines.push(
      `warning: ${summary.unreachable + summary.timedOut} requests got no answer from the upstream (${summary.unreachable} unreachable, ${summary.timedOut} timed out)`,
    );
  }
  if (summary.aborted > 0)
    lines.push(`${summary.aborted} requests were abandoned by their client (not recorded)`);
  return lines.join("\n");
}

/** The exit code of a recording (see the file's head). */
function recordingExitCode(summary: RecordSummary): number {
  if (summary.exchanges === 0 && summary.unreachable + summary.timedOut > 0) return 2;
  return summary.violations > 0 ? 1 : 0;
}

/** The upstream URL as printed: its user and password (if any) replaced. */
function withoutCredentials(upstream: string): string {
  const url = new URL(upstream);
  if (url.username) url.username = REDACTED;
  if (url.password) url.password = REDACTED;
  return url.toString().replace(/\/$/, upstream.endsWith("/") ? "/" : "");
}

const portTaken = (error: unknown) =>
  error instanceof Error && "code" in error && error.code === "EADDRINUSE";

const stopSignal = () =>
  new Promise<void>((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });

export async function runRecording(settings: RecordSettings, io: CliIo): Promise<number> {
  const { out } = io;
  const stopped = stopSignal();
  const proxy = await startRecordProxy({
    upstream: settings.upstream,
    port: settings.port,
    outDir: settings.outDir,
    judge: judgeOfFile(settings.spec),
    upstreamTimeoutMs: settings.upstreamTimeoutMs,
    onViolation: (text) => out.write(`${text}\n`),
    onWarning: (text) => out.write(`${text}\n`),
  }).catch((error: unknown) => {
    throw portTaken(error)
      ? new CannotRun(
          `port ${settings.port} on 127.0.0.1 is taken; choose another with --port (0 picks a free one)`,
        )
      : error;
  });
  out.write(
    `recording ${proxy.url} → ${withoutCredentials(settings.upstream)} into ${proxy.file} (Ctrl-C stops)\n`,
  );
  await stopped;
  const summary = await proxy.stop();
  out.write(`${describeRecording(summary)}\n`);
  return recordingExitCode(summary);
}
