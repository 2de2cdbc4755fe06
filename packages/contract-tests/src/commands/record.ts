// `contract-tests record`: runs the record proxy until SIGINT or SIGTERM, then writes every answered
// exchange and prints the summary. Exit 0 when everything recorded kept the contract, 1 when an exchange
// broke it, 2 when nothing was recorded because the upstream never answered (unreachable or timed out).
import { resolve } from "node:path";
import { REDACTED } from "@cloud-contract/mock/redact";
import { judgeOfFile } from "../judge.js";
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type RecordSummary, startRecordProxy } from "../record/proxy.js";
import { CannotRun, type CommandModule } from "./command.js";
import { httpUrlOption, millisecondsOption, portOption } from "./option-parsers.js";

export function describeRecording(summary: RecordSummary): string {
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
export function recordingExitCode(summary: RecordSummary): number {
  if (summary.exchanges === 0 && summary.unreachable + summary.timedOut > 0) return 2;
  return summary.violations > 0 ? 1 : 0;
}

/** The upstream URL as printed: its user and password (if any) replaced. */
export function withoutCredentials(upstream: string): string {
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

export const recordCommand: CommandModule = {
  register(program, io, choose) {
    program
      .command("record")
      .description(
        "A local proxy to --upstream: every exchange is forwarded, judged against the spec (violations printed as they happen, summed up at the end) and saved as HAR 1.2 with secrets redacted. Ctrl-C stops it after everything answered is written. Exit 0: all kept the contract; 1: an exchange broke it; 2: nothing recorded because the upstream never answered.",
      )
      .requiredOption("--upstream <url>", "the API to forward to", httpUrlOption)
      .option("--port <port>", "port on 127.0.0.1 (0: a free one)", portOption, 0)
      .option("--out <dir>", "where the HAR files go", "recordings")
      .option("--spec <file>", "judge with this bundled spec (JSON) instead of the package's")
      .option(
        "--upstream-timeout <ms>",
        "how long to wait for the upstream, in ms",
        millisecondsOption,
        DEFAULT_UPSTREAM_TIMEOUT_MS,
      )
      .action(
        (values: { upstream: string; port: number; out: string; spec?: string; upstreamTimeout: number }) => {
          const settings = {
            upstream: values.upstream,
            port: values.port,
            outDir: resolve(io.cwd, values.out),
            spec: values.spec && resolve(io.cwd, values.spec),
            upstreamTimeoutMs: values.upstreamTimeout,
          };
          choose({
            settings,
            run: async () => {
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
                      `port ${values.port} on 127.0.0.1 is taken; choose another with --port (0 picks a free one)`,
                    )
                  : error;
              });
              out.write(
                `recording ${proxy.url} → ${withoutCredentials(values.upstream)} into ${proxy.file} (Ctrl-C stops)\n`,
              );
              await stopped;
              const summary = await proxy.stop();
              out.write(`${describeRecording(summary)}\n`);
              return recordingExitCode(summary);
            },
          });
        },
      );
  },
};
