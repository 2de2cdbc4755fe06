import { loadDocument } from "@cloud-contract/spec/document";
import { parseInvocation, USAGE, UsageError } from "./cli-args.js";
import { startPrism } from "./prism.js";
import { SANDBOX_API_KEY } from "./sandbox/fixtures/ids.js";
import { startSandbox } from "./sandbox/server.js";

const write = (text: string) => process.stdout.write(text);

/**
 * Runs the CLI; resolves with the exit code once the server has stopped (Ctrl-C / SIGTERM), or at once
 * with 2 after bad input and 0 after `--help`.
 */
export async function main(argv: string[]): Promise<number> {
  let invocation: ReturnType<typeof parseInvocation>;
  try {
    invocation = parseInvocation(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`cloud-mock: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (invocation.command === "help") {
    write(USAGE);
    return 0;
  }
  const started = performance.now();
  const server =
    invocation.command === "prism"
      ? await startPrism({
          port: invocation.port,
          host: invocation.host,
          dynamic: invocation.dynamic,
          logLevel: invocation.verbose ? "info" : "error",
          onOutput: (chunk) => process.stderr.write(chunk),
        })
      : await startSandbox({
          port: invocation.port,
          host: invocation.host,
          ...(invocation.seed !== undefined ? { seed: invocation.seed } : {}),
          ...(invocation.taskDelayMs !== undefined ? { taskDelayMs: invocation.taskDelayMs } : {}),
          ...(invocation.stateFile !== undefined ? { stateFile: invocation.stateFile } : {}),
          ...(invocation.dataDir !== undefined ? { dataDir: invocation.dataDir } : {}),
          ...(invocation.databaseUrl !== undefined ? { databaseUrl: invocation.databaseUrl } : {}),
          ...(invocation.control !== undefined ? { control: invocation.control } : {}),
          ...(invocation.maxTenants !== undefined ? { maxTenants: invocation.maxTenants } : {}),
          ...(invocation.tenantIdleMs !== undefined ? { tenantIdleMs: invocation.tenantIdleMs } : {}),
        });
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
        : `Control API: ${server.url}/__sandbox/ (POST ${server.url}/__sandbox/tenants for a tenant of your own)\n`,
    );
  }
  write("Operations:\n");
  for (const op of loadDocument().operations)
    write(`  ${op.method.padEnd(6)} ${server.url}${op.path}  (${op.operationId})\n`);
  write("Press Ctrl-C to stop.\n");

  await new Promise<void>((resolve) => {
    const onSignal = () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      resolve();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
  write("Stopping…\n");
  await server.stop();
  write("Stopped.\n");
  return 0;
}
