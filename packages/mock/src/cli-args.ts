import { parseArgs } from "node:util";
import type { DatabaseTimeouts } from "./sandbox/durable/timeouts.js";
import { hostnameOf } from "./sandbox/http/host-check.js";
import { parseOrigin } from "./sandbox/http/origins.js";

export const USAGE = `Usage:
  cloud-mock prism   [--port 4010] [--host 127.0.0.1] [--dynamic] [--verbose]
  cloud-mock sandbox [--port 4011] [--host 127.0.0.1] [--seed N | --seed-file FILE] [--task-delay MS] [--state-file PATH]
                     [--data-dir DIR | --database-url postgres://… [--db-connect-timeout MS]
                                                    [--db-query-timeout MS] [--db-lock-timeout MS]]
                     [--control on|off] [--max-tenants 500] [--tenant-idle MS] [--max-tags 1000]
                     [--max-objects 10000] [--max-answer BYTES] [--rate-limits on|off]
                     [--allow-origin URL]… [--allow-host NAME]…
  cloud-mock seed-from-har FILE.har… --out seed.json [--seed N]
  cloud-mock <command> --help

prism    serves the bundled spec with Prism: static examples (or --dynamic ones), request validation.
sandbox  a stateful server that behaves like the API, seeded with fixtures (see the package README).
seed-from-har  writes a seed (for --seed-file) of the entities that recorded answers show, credentials redacted;
         lists what it cannot place; exit 1 when the seed would not load (it is written all the same).

--port        0–65535; 0 picks a free port
--seed        a whole number from 0 to 4294967295 (ids and the plan-contents catalogue)
--seed-file   a snapshot (GET /__sandbox/snapshot) every tenant starts from and resets to; checked first
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
--rate-limits on or off (default): on, every tenant enforces the x-rate-limit of each service per key
              (429 + Retry-After beyond it) until PUT /__sandbox/rate-limits switches it
--allow-origin an origin (http://localhost:3000) whose web pages may call the sandbox, besides its own and the
              docs server's (http://127.0.0.1:8080, http://localhost:8080); repeatable
--allow-host  a host name the sandbox answers besides loopback ones and --host (DNS rebinding guard); repeatable
`;

/** Bad command-line input: the CLI prints the message and the usage and exits with code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export type Invocation =
  | { command: "help" }
  | { command: "seed-from-har"; hars: string[]; out: string; seed: number | undefined }
  | { command: "prism"; port: number; host: string; dynamic: boolean; verbose: boolean }
  | {
      command: "sandbox";
      port: number;
      host: string;
      seed: number | undefined;
      seedFile: string | undefined;
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
      rateLimits: boolean | undefined;
      databaseTimeouts: Partial<DatabaseTimeouts>;
      allowOrigins: string[];
      allowHosts: string[];
    };

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  dynamic: { type: "boolean" },
  verbose: { type: "boolean" },
  seed: { type: "string" },
  "seed-file": { type: "string" },
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
  "rate-limits": { type: "string" },
  "db-connect-timeout": { type: "string" },
  "db-query-timeout": { type: "string" },
  "db-lock-timeout": { type: "string" },
  out: { type: "string" },
  "allow-origin": { type: "string", multiple: true },
  "allow-host": { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const;

const PRISM_ONLY = ["dynamic", "verbose"] as const;
const SANDBOX_ONLY = [
  "seed",
  "seed-file",
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
  "rate-limits",
  "db-connect-timeout",
  "db-query-timeout",
  "db-lock-timeout",
  "allow-origin",
  "allow-host",
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
  if (command !== "prism" && command !== "sandbox" && command !== "seed-from-har") {
    throw new UsageError(command === undefined ? "Give a command." : `Unknown command "${command}".`);
  }
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>["values"];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: OPTIONS,
      strict: true,
      allowPositionals: command === "seed-from-har",
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { command: "help" };
  if (command === "seed-from-har") return seedFromHarInvocation(values, positionals);
  if (values.out !== undefined) throw new UsageError(`--out is not an option of "${command}".`);
  const foreign = command === "prism" ? SANDBOX_ONLY : PRISM_ONLY;
  for (const name of foreign) {
    if (values[name] !== undefined) throw new UsageError(`--${name} is not an option of "${command}".`);
  }
  const port = integerFlag("port", values.port, 0, 65535) ?? (command === "prism" ? 4010 : 4011);
  const host = textFlag("host", values.host) ?? "127.0.0.1";
  if (command === "prism") {
    return { command, port, host, dynamic: values.dynamic ?? false, verbose: values.verbose ?? false };
  }
  if (values.seed !== undefined && values["seed-file"] !== undefined) {
    throw new UsageError("Give --seed or --seed-file, not both: the seed file carries its own seed.");
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
    seedFile: textFlag("seed-file", values["seed-file"]),
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
    rateLimits: switchFlag("rate-limits", values["rate-limits"]),
    databaseTimeouts,
    allowOrigins: (values["allow-origin"] ?? []).map((raw) => {
      const origin = parseOrigin(raw);
      if (origin === undefined) {
        throw new UsageError(`--allow-origin must be an origin such as http://localhost:3000, got "${raw}".`);
      }
      return origin;
    }),
    allowHosts: (values["allow-host"] ?? []).map((raw) => {
      if (hostnameOf(raw) === undefined || raw.includes("/")) {
        throw new UsageError(`--allow-host must be a host name such as sandbox.test, got "${raw}".`);
      }
      return raw;
    }),
  };
}

/** `seed-from-har`: HAR files, `--out` and `--seed` only. */
function seedFromHarInvocation(
  values: Record<string, string | boolean | string[] | undefined>,
  hars: string[],
): Invocation {
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && name !== "out" && name !== "seed") {
      throw new UsageError(`--${name} is not an option of "seed-from-har".`);
    }
  }
  if (hars.length === 0) throw new UsageError("Give one or more HAR files.");
  const out = textFlag("out", values.out as string | undefined);
  if (out === undefined) throw new UsageError("Give --out, the seed file to write.");
  return {
    command: "seed-from-har",
    hars,
    out,
    seed: integerFlag("seed", values.seed as string | undefined, 0, 2 ** 32 - 1),
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
