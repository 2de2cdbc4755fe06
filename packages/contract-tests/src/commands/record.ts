// `contract-tests record`: runs the record proxy until SIGINT or SIGTERM, then writes every answered
// exchange and prints the summary. Exit 0 when everything recorded kept the contract, 1 when an exchange
// broke it, 2 when nothing was recorded because the upstream never answered (unreachable or timed out). The work is in record-run.ts, loaded when chosen.
import { resolve } from "node:path";
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from "../record/upstream-timeout.js";
import type { CommandModule } from "./command.js";
import { httpUrlOption, millisecondsOption, portOption } from "./option-parsers.js";
import type { RecordSettings } from "./record-run.js";

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
          const settings: RecordSettings = {
            upstream: values.upstream,
            port: values.port,
            outDir: resolve(io.cwd, values.out),
            spec: values.spec && resolve(io.cwd, values.spec),
            upstreamTimeoutMs: values.upstreamTimeout,
          };
          choose({
            settings,
            run: async () => (await import("./record-run.js")).runRecording(settings, io),
          });
        },
      );
  },
};
