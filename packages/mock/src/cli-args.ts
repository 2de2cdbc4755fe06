import { parseArgs } from "node:util";
import type { DatabaseTimeouts } from "./sandbox/durable/timeouts.js";

export const USAGE = `Usage:
  cloud-mock prism   [--port 4010] [--host 127.0.0.1] [--dynamic] [--verbose]
  cloud-mock sandbox [--port 4011] [--host 127.0.0.1] [--seed N] [--task-delay MS] [--state-file PATH]
                     [--data-dir DIR | --database-url postgres://… [--db-connect-timeout MS]
                                                    [--db-query-timeout MS] [--db-lock-timeout MS]]
                     [--control on|off] [--max-tenants 500] [--tenant-idle MS] [--max-tags 1000]
                     [--max-objects 10000] [--max-answer BYTES]
  cloud-mock <command> --help

prism    serves the bundled spec with Prism: static examples (or --dynamic ones), request validation.
sandbox  a stateful server that behaves like the API, seeded with fixtures (see the package README).

--port        0–65535; 0 picks a free port
--seed        a whole number from 0 to 4294967295 (ids and the plan-contents catalogue)
--task-delay  how long sandbox tasks run, in whole milliseconds from 0 to 86400000 (a day)
--state-file  a JSON file every tenant is written to before each change is answered
--data-dir    a folder for an embedded database (LMDB): every tenant, each change committed before its answer
--database-url a PostgreSQL URL: like --data-dir, in a shared database (replicas may share it)
--db-connect-timeout, --db-query-timeout, --db-lock-timeout
              whole milliseconds from 1 to 600000 the sandbox waits for a connection (default 5000), a statement
              (default 10000) or a lock another replica holds (default 5000); past them a call answers 503
--control     on (default) or off: off leaves out the control API (/__sandbox/…)
--max-tenants 1–1000000 tenants kept at once (default 500); beyond it, creation answers 429
--tenant-idle whole milliseconds from 1 to 31536000000 after which an unused tenant is evicted (default 1800000)
--max-tags    1–1000000 user tags one security group holds (default 1000); a change beyond it is a 400
--max-objects 1–100000000 entities of one kind (tasks, servers, ports, settings) per tenant (default 10000);
              a call that would add more is a 400
--max-answer  1024–1073741824 bytes of an API read's answer (default 8388608); a larger one is a 400
`;

/** Bad command-line input: the CLI prints the message and the usage and exits with code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export type Invocation =
  | { command: "help" }
  | { command: "prism"; port: number; host: string; dynamic: boolean; verbose: boolean }
  | {
      command: "sandbox";
      port: number;
      host: string;
      seed: number | undefined;
      taskDelayMs: number | undefined;
      stateFile: string | undefined;
      dataDir: string | undefined;
      databaseUrl: string | undefined;
      control: boolean | undefined;
      maxTenants: number | undefined;
      tenantIdleMs: number | undefined;
      maxTagsPerGroup: number | undefined;
      maxObjectsPerCollection: number | undefined;
      maxAnswerBytes: number | undefined;
      databaseTimeouts: Partial<DatabaseTimeouts>;
    };

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  dynamic: { type: "boolean" },
  verbose: { type: "boolean" },
  seed: { type: "string" },
  "task-delay": { type: "string" },
  "state-file": { type: "string" },
  "data-dir": { type: "string" },
  "database-url": { type: "string" },
  control: { type: "string" },
  "max-tenants": { type: "string" },
  "tenant-idle": { type: "string" },
  "max-tags": { type: "string" },
  "max-objects": { type: "string" },
  "max-answer": { type: "string" },
  "db-connect-timeout": { type: "string" },
  "db-query-timeout": { type: "string" },
  "db-lock-timeout": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const PRISM_ONLY = ["dynamic", "verbose"] as const;
const SANDBOX_ONLY = [
  "seed",
  "task-delay",
  "state-file",
  "data-dir",
  "database-url",
  "control",
  "max-tenants",
  "tenant-idle",
  "max-tags",
  "max-objects",
  "max-answer",
  "db-connect-timeout",
  "db-query-timeout",
  "db-lock-timeout",
] as const;
/** The flags that only a PostgreSQL store honours, and the timeout each sets. */
const DATABASE_TIMEOUT_FLAGS = {
  "db-connect-timeout": "connectMs",
  "db-query-timeout": "queryMs",
  "db-lock-timeout": "lockMs",
} as const satisfies Record<string, keyof DatabaseTimeouts>;
const STORAGE_FLAGS = ["state-file", "data-dir", "database-url"] as const;

/** Parses and checks the arguments; throws UsageError on anything it cannot accept. */
export function parseInvocation(argv: string[]): Invocation {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h") return { command: "help" };
  if (command !== "prism" && command !== "sandbox") {
    throw new UsageError(command === undefined ? "Give a command." : `Unknown command "${command}".`);
  }
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>["values"];
  try {
    ({ values } = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { command: "help" };
  const foreign = command === "prism" ? SANDBOX_ONLY : PRISM_ONLY;
  for (const name of foreign) {
    if (values[name] !== undefined) throw new UsageError(`--${name} is not an option of "${command}".`);
  }
  const port = integerFlag("port", values.port, 0, 65535) ?? (command === "prism" ? 4010 : 4011);
  const host = textFlag("host", values.host) ?? "127.0.0.1";
  if (command === "prism") {
    return { command, port, host, dynamic: values.dynamic ?? false, verbose: values.verbose ?? false };
  }
  const storage = STORAGE_FLAGS.filter((name) => values[name] !== undefined);
  if (storage.length > 1) throw new UsageError(`Give one of --${storage.join(", --")}, not several.`);
  const databaseUrl = textFlag("database-url", values["database-url"]);
  if (databaseUrl !== undefined && !/^postgres(?:ql)?:\/\//.test(databaseUrl)) {
    throw new UsageError(
      `--database-url must start with postgres:// or postgresql://, got "${databaseUrl}".`,
    );
  }
  const databaseTimeouts: Partial<DatabaseTimeouts> = {};
  for (const [flag, timeout] of Object.entries(DATABASE_TIMEOUT_FLAGS)) {
    const ms = integerFlag(flag, values[flag as keyof typeof DATABASE_TIMEOUT_FLAGS], 1, 600_000);
    if (ms === undefined) continue;
    if (databaseUrl === undefined) throw new UsageError(`--${flag} needs --database-url.`);
    databaseTimeouts[timeout] = ms;
  }
  return {
    command,
    port,
    host,
    seed: integerFlag("seed", values.seed, 0, 2 ** 32 - 1),
    taskDelayMs: integerFlag("task-delay", values["task-delay"], 0, 86_400_000),
    stateFile: textFlag("state-file", values["state-file"]),
    dataDir: textFlag("data-dir", values["data-dir"]),
    databaseUrl,
    control: switchFlag("control", values.control),
    maxTenants: integerFlag("max-tenants", values["max-tenants"], 1, 1_000_000),
    tenantIdleMs: integerFlag("tenant-idle", values["tenant-idle"], 1, 31_536_000_000),
    maxTagsPerGroup: integerFlag("max-tags", values["max-tags"], 1, 1_000_000),
    maxObjectsPerCollection: integerFlag("max-objects", values["max-objects"], 1, 100_000_000),
    maxAnswerBytes: integerFlag("max-answer", values["max-answer"], 1024, 1_073_741_824),
    databaseTimeouts,
  };
}

function switchFlag(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw !== "on" && raw !== "off") throw new UsageError(`--${name} must be on or off, got "${raw}".`);
  return raw === "on";
}

const WHOLE_NUMBER = /^\d+$/;

function integerFlag(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!WHOLE_NUMBER.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function textFlag(name: string, raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.trim() === "") throw new UsageError(`--${name} must not be empty.`);
  return raw;
}
