import { parseArgs } from "node:util";
import { listOperations, readSpec } from "./bundle.js";
import { startPrism } from "./prism.js";
import { SANDBOX_API_KEY } from "./sandbox/fixtures/ids.js";
import { startSandbox } from "./sandbox/server.js";

const USAGE = `Usage:
  cloud-mock prism   [--port 4010] [--host 127.0.0.1] [--dynamic] [--verbose]
  cloud-mock sandbox [--port 4011] [--host 127.0.0.1] [--seed N] [--task-delay MS] [--state-file PATH]
                     [--control on|off] [--max-tenants 500] [--tenant-idle MS]

prism    serves the bundled spec with Prism: static examples (or --dynamic ones), request validation.
sandbox  a stateful server that behaves like the API, seeded with fixtures (see the package README).
         --control off leaves out the control API (/__sandbox/…); tenants beyond --max-tenants or unused
         for --tenant-idle ms (default 1800000) are evicted.
`;

const write = (text: string) => process.stdout.write(text);

/** Runs the CLI; resolves with the exit code once the server has stopped (Ctrl-C / SIGTERM). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "prism" && command !== "sandbox") {
    process.stderr.write(USAGE);
    return command === "--help" || command === "-h" ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      port: { type: "string" },
      host: { type: "string", default: "127.0.0.1" },
      dynamic: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
      seed: { type: "string" },
      "task-delay": { type: "string" },
      "state-file": { type: "string" },
      control: { type: "string" },
      "max-tenants": { type: "string" },
      "tenant-idle": { type: "string" },
    },
    strict: true,
  });
  const port = Number(values.port ?? (command === "prism" ? 4010 : 4011));
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${values.port}`);

  if (values.control !== undefined && values.control !== "on" && values.control !== "off")
    throw new Error(`--control must be on or off, got ${values.control}`);
  const maxTenants = positiveInteger("--max-tenants", values["max-tenants"]);
  const tenantIdleMs = positiveInteger("--tenant-idle", values["tenant-idle"]);

  const started = performance.now();
  const server =
    command === "prism"
      ? await startPrism({
          port,
          host: values.host,
          dynamic: values.dynamic,
          logLevel: values.verbose ? "info" : "error",
          onOutput: (chunk) => process.stderr.write(chunk),
        })
      : await startSandbox({
          port,
          host: values.host,
          ...(values.seed !== undefined ? { seed: values.seed } : {}),
          ...(values["task-delay"] !== undefined ? { taskDelayMs: Number(values["task-delay"]) } : {}),
          ...(values["state-file"] !== undefined ? { stateFile: values["state-file"] } : {}),
          ...(values.control !== undefined ? { control: values.control === "on" } : {}),
          ...(maxTenants !== undefined ? { maxTenants } : {}),
          ...(tenantIdleMs !== undefined ? { tenantIdleMs } : {}),
        });
  const ms = Math.round(performance.now() - started);

  write(`${command === "prism" ? "Prism mock" : "Sandbox"} listening on ${server.url} (ready in ${ms} ms)\n`);
  if (command === "prism") {
    write(`Mode: ${values.dynamic ? "dynamic (generated from the schemas)" : "static examples"}\n`);
  } else {
    write(`Authorization: apikey ${SANDBOX_API_KEY}\n`);
    write(
      values.control === "off"
        ? "Control API: off\n"
        : `Control API: ${server.url}/__sandbox/ (POST ${server.url}/__sandbox/tenants for a tenant of your own)\n`,
    );
  }
  write("Operations:\n");
  for (const op of listOperations(readSpec()))
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

/** A flag's value as a positive integer, or undefined when the flag is absent. */
function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got ${value}`);
  return n;
}
