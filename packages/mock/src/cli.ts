import { loadDocument } from "@cloud-contract/spec/document";
import { parseInvocation, USAGE, UsageError } from "./cli-args.js";
import { startPrism } from "./prism.js";
import { announceReady } from "./process/announce-ready.js";
import { SANDBOX_API_KEY } from "./sandbox/fixtures/ids.js";
import { startSandbox } from "./sandbox/server.js";
import { runSeedFromHar } from "./seed-from-har-command.js";

/** Where the CLI writes: its lines (`out`) and its complaints and server logs (`err`). */
export interface CliOutput {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
}

/** The signals that stop a running server cleanly (exit code 0). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs the CLI; resolves with the exit code once the server has stopped (Ctrl-C, SIGTERM, SIGHUP), or at once
 * with 2 after bad input and 0 after `--help`.
 */
export async function main(
  argv: string[],
  io: CliOutput = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const write = (text: string) => io.out.write(text);
  let invocation: ReturnType<typeof parseInvocation>;
  try {
    invocation = parseInvocation(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // One line, the reason last in a log read from the bottom; the usage is behind --help.
    const reason = error.message.replace(/\s*\n\s*/g, " ");
    io.err.write(`cloud-mock: ${reason} (cloud-mock --help lists the commands and options)\n`);
    return 2;
  }
  if (invocation.command === "help") {
    write(USAGE);
    return 0;
  }
  if (invocation.command === "seed-from-har") return runSeedFromHar(invocation, io);
  // Ctrl-C, a stop request, or the terminal closing (SIGHUP, which would otherwise end the process before
  // the state is written) each stop the server cleanly. The listeners are in place before anything is
  // printed: a Ctrl-C typed the moment "Press Ctrl-C" shows must find them, even when this process was
  // descheduled right after printing it. They stay for the whole stop: a package runner (npm, or pnpm
  // without its shell emulator: pnpm/pnpm#7374) forwards the terminal's Ctrl-C a second time, and without
  // a listener that copy would kill the process mid-stop. Further signals are ignored until the state is
  // written (Ctrl-\ still quits at once); a closed terminal is not written to again.
  let hungUp = false;
  let requestStop = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  const onSignal = (received: NodeJS.Signals) => {
    if (received === "SIGHUP") hungUp = true;
    requestStop();
  };
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  const started = performance.now();
  const starting =
    invocation.command === "prism"
      ? startPrism({
          port: invocation.port,
          host: invocation.host,
          dynamic: invocation.dynamic,
          logLevel: invocation.verbose ? "info" : "error",
          onOutput: (chunk) => io.err.write(chunk),
        })
      : startSandbox({
          port: invocation.port,
          host: invocation.host,
          ...(invocation.seed !== undefined ? { seed: invocation.seed } : {}),
          ...(invocation.seedFile !== undefined ? { seedFile: invocation.seedFile } : {}),
          ...(invocation.taskDelayMs !== undefined ? { taskDelayMs: invocation.taskDelayMs } : {}),
          ...(invocation.stateFile !== undefined ? { stateFile: invocation.stateFile } : {}),
          ...(invocation.dataDir !== undefined ? { dataDir: invocation.dataDir } : {}),
          ...(invocation.databaseUrl !== undefined ? { databaseUrl: invocation.databaseUrl } : {}),
          ...(invocation.control !== undefined ? { control: invocation.control } : {}),
          ...(invocation.maxTenants !== undefined ? { maxTenants: invocation.maxTenants } : {}),
          ...(invocation.tenantIdleMs !== undefined ? { tenantIdleMs: invocation.tenantIdleMs } : {}),
          ...(invocation.maxTagsPerGroup !== undefined
            ? { maxTagsPerGroup: invocation.maxTagsPerGroup }
            : {}),
          ...(invocation.maxObjectsPerCollection !== undefined
            ? { maxObjectsPerCollection: invocation.maxObjectsPerCollection }
            : {}),
          ...(invocation.maxAnswerBytes !== undefined ? { maxAnswerBytes: invocation.maxAnswerBytes } : {}),
          ...(invocation.rateLimits !== undefined ? { rateLimits: invocation.rateLimits } : {}),
          databaseTimeouts: invocation.databaseTimeouts,
          allowOrigins: invocation.allowOrigins,
          allowHosts: invocation.allowHosts,
          onNotice: (line) => io.err.write(`cloud-mock: ${line}\n`),
          onUnexpected: (error, requestId) =>
            io.err.write(
              `request ${requestId} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
            ),
        });
  // A server that cannot start (its port taken, Prism not installed, a store it cannot open) is one line and
  // exit 2, never a stack.
  const server = await starting.catch((error: unknown) => {
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
    const taken =
      error instanceof Error && /EADDRINUSE/.test(`${"code" in error ? error.code : ""} ${error.message}`);
    io.err.write(
      taken
        ? `cloud-mock: port ${invocation.port} on ${invocation.host} is taken; choose another with --port (0 picks a free one)\n`
        : `cloud-mock: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return undefined;
  });
  if (server === undefined) return 2;
  const ms = Math.round(performance.now() - started);

  if (invocation.command === "prism") {
    write(`Prism mock listening on ${server.url} (ready in ${ms} ms)\n`);
    write(`Mode: ${invocation.dynamic ? "dynamic (generated from the schemas)" : "static examples"}\n`);
  } else {
    write(`Sandbox listening on ${server.url} (ready in ${ms} ms)\n`);
    write(`Authorization: apikey ${SANDBOX_API_KEY}\n`);
    write(
      invocation.control === false
        ? "Control API: off\n"
        : `Control API: ${server.url}/__sandbox/ (POST ${server.url}/__sandbox/tenants for a tenant of your own)\n` +
            `Console: ${server.url}/__sandbox/ in a browser (your calls, their verdicts, the tenant's state)\n`,
    );
  }
  write("Operations:\n");
  for (const op of loadDocument().operations)
    write(`  ${op.method.padEnd(6)} ${server.url}${op.path}  (${op.operationId})\n`);
  write("Press Ctrl-C to stop.\n");
  announceReady();

  await stopRequested;
  const say = (text: string) => hungUp || write(text);
  say("Stopping…\n");
  await server.stop();
  say("Stopped.\n");
  return 0;
}
