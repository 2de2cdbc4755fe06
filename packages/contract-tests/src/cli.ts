// The command line of the package (commander): the contract run (default), generate, record, replay,
// replay-case and merge. Flags of a run become CONTRACT_* variables for vitest and the suite's config;
// every numeric or enumerated flag is checked here, and a bad one exits 2 with a message and the usage.
// `bin/contract-tests.js` calls main().
import { resolve } from "node:path";
import { Command, CommanderError, Option } from "commander";
import {
  casesOption,
  generatedOption,
  httpUrlOption,
  operationsOption,
  percentOption,
  portOption,
  seedOption,
  shardOption,
} from "./cli-options.js";
import { executeCommand } from "./commands/execute.js";
import type { Shard } from "./report-files.js";
import { type Env, TARGET_NAMES } from "./targets.js";
import { listOperations } from "./validate.js";

export { vitestCommand } from "./commands/run.js";

/** A contract run through vitest: the suite (`run`) or generated cases only (`generate`). */
export interface RunCommand {
  name: "run" | "generate";
  env: Record<string, string | undefined>;
  vitestArgs: string[];
  /** `contract` or `generated`: the first part of the report file names. */
  runName: string;
  reportsDir: string;
  shard?: Shard;
  minCoverage?: number;
}

export interface RecordCommand {
  name: "record";
  upstream: string;
  port: number;
  outDir: string;
  spec?: string;
}

export interface ReplayCommand {
  name: "replay";
  dirs: string[];
  spec?: string;
  reportsDir: string;
  minCoverage?: number;
}

export interface ReplayCaseCommand {
  name: "replay-case";
  file: string;
  env: Record<string, string | undefined>;
}

export interface MergeCommand {
  name: "merge";
  dirs: string[];
  reportsDir: string;
  minCoverage?: number;
}

export type CliCommand = RunCommand | RecordCommand | ReplayCommand | ReplayCaseCommand | MergeCommand;

/** What the command line asks for: a command, or text to print (help) and its exit code. */
export type CliPlan = { command: CliCommand } | { print: string; exitCode: number };

export const GENERATED_TEST_FILE = "src/generate/generated.contract.test.ts";

interface TargetValues {
  target?: string;
  baseUrl?: string;
  apiKey?: string;
  stateful?: boolean;
  allowMutations?: boolean;
  readOnly?: boolean;
  reportsDir?: string;
}

function targetOptions(command: Command): Command {
  return command
    .addOption(new Option("--target <name>", "what to run against").choices(TARGET_NAMES))
    .option("--base-url <url>", "the API's root URL (real, url)", httpUrlOption)
    .option("--api-key <key>", "the key (prefer CONTRACT_API_KEY: flags are visible to other users)")
    .option("--stateful", "url target: run the behaviour tests too")
    .addOption(
      new Option("--allow-mutations", "let tests change data (real: off by default)").conflicts("readOnly"),
    )
    .option("--read-only", "never change data (url: on by default)")
    .option("--reports-dir <dir>", "where the reports go (default ./reports)");
}

/** Flags → CONTRACT_* variables; the reports directory is resolved against `cwd`. */
function targetEnv(values: TargetValues, env: Env, cwd: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { ...env };
  if (values.target !== undefined) out.CONTRACT_TARGET = values.target;
  if (values.baseUrl !== undefined) out.CONTRACT_BASE_URL = values.baseUrl;
  if (values.apiKey !== undefined) out.CONTRACT_API_KEY = values.apiKey;
  if (values.stateful) out.CONTRACT_STATEFUL = "1";
  if (values.allowMutations) out.CONTRACT_ALLOW_MUTATIONS = "1";
  if (values.readOnly) out.CONTRACT_ALLOW_MUTATIONS = "0";
  out.CONTRACT_REPORTS_DIR = resolve(
    cwd,
    values.reportsDir ?? (env.CONTRACT_REPORTS_DIR?.trim() || "reports"),
  );
  return out;
}

/** Builds the program; the chosen command is handed to `choose`. */
function buildProgram(
  env: Env,
  cwd: string,
  vitestArgs: string[],
  choose: (command: CliCommand) => void,
): Command {
  const operationIds = listOperations().map((op) => op.operationId);
  const program = new Command("contract-tests")
    .description(
      "The cloud-contract suite: runs the contract tests against a target (the default command), generates cases, records and replays real traffic, merges shard reports.",
    )
    .usage("[command] [options] [-- VITEST_ARGS…]")
    .addHelpText(
      "after",
      "\nWithout a command, `run` is meant: see `contract-tests run --help` for its options.",
    )
    .showSuggestionAfterError(false);

  targetOptions(
    program
      .command("run", { isDefault: true })
      .description(
        "Run the contract suite (the default command). Targets: prism (default; started on a free port), sandbox (started likewise), real (needs CONTRACT_BASE_URL, CONTRACT_API_KEY and the CONTRACT_*_ID variables), url (any running server). Arguments after -- go to vitest.",
      ),
  )
    .option(
      "--generated <n>",
      "add N random valid generated cases per operation (plus steered and invalid ones)",
      generatedOption,
    )
    .option("--seed <s>", "seed of the generated cases (default 1)", seedOption)
    .option("--min-coverage <percent>", "fail the run when coverage is below this percentage", percentOption)
    .option("--shard <i/n>", "run part i of n (vitest's sharding); merge the parts with `merge`", shardOption)
    .allowExcessArguments(true)
    .action(
      (
        values: TargetValues & { generated?: number; seed?: number; minCoverage?: number; shard?: Shard },
        command: Command,
      ) => {
        const [unexpected] = command.args;
        if (unexpected !== undefined)
          throw new Error(`unexpected argument ${unexpected} (vitest arguments go after --)`);
        const out = targetEnv(values, env, cwd);
        if (values.generated !== undefined) out.CONTRACT_GENERATED = String(values.generated);
        if (values.seed !== undefined) out.CONTRACT_SEED = String(values.seed);
        if (values.shard) out.CONTRACT_SHARD = `${values.shard.index}/${values.shard.count}`;
        choose({
          name: "run",
          env: out,
          vitestArgs: values.shard
            ? [...vitestArgs, `--shard=${values.shard.index}/${values.shard.count}`]
            : vitestArgs,
          runName: "contract",
          reportsDir: out.CONTRACT_REPORTS_DIR as string,
          ...(values.shard ? { shard: values.shard } : {}),
          ...(values.minCoverage === undefined ? {} : { minCoverage: values.minCoverage }),
        });
      },
    );

  targetOptions(
    program
      .command("generate")
      .description(
        "Send generated requests to a target (like a run): per operation, valid ones that reach every oneOf branch, enum value and optional field, N random valid ones, and ones that break one constraint each. Failures are shrunk, printed as curl lines and saved for replay-case.",
      ),
  )
    .option("--cases <n>", "random valid cases per operation", casesOption, 30)
    .option("--seed <s>", "seed (the same seed sends the same requests)", seedOption, 1)
    .option("--operation <ids>", "only these operations (comma list)", operationsOption(operationIds))
    .option("--min-coverage <percent>", "fail when coverage is below this percentage", percentOption)
    .action(
      (
        values: TargetValues & { cases: number; seed: number; operation?: string[]; minCoverage?: number },
      ) => {
        const out = targetEnv(values, env, cwd);
        out.CONTRACT_GENERATED = String(values.cases);
        out.CONTRACT_SEED = String(values.seed);
        out.CONTRACT_RUN_NAME = "generated";
        if (values.operation) out.CONTRACT_OPERATIONS = values.operation.join(",");
        choose({
          name: "generate",
          env: out,
          vitestArgs: [GENERATED_TEST_FILE, ...vitestArgs],
          runName: "generated",
          reportsDir: out.CONTRACT_REPORTS_DIR as string,
          ...(values.minCoverage === undefined ? {} : { minCoverage: values.minCoverage }),
        });
      },
    );

  program
    .command("record")
    .description(
      "A local proxy to --upstream: every exchange is forwarded, judged against the spec (violations printed as they happen, summed up at the end) and saved as HAR 1.2 with secrets redacted. Ctrl-C stops it after everything is written.",
    )
    .requiredOption("--upstream <url>", "the API to forward to", httpUrlOption)
    .option("--port <port>", "port on 127.0.0.1 (0: a free one)", portOption, 0)
    .option("--out <dir>", "where the HAR files go", "recordings")
    .option("--spec <file>", "judge with this bundled spec (JSON) instead of the package's")
    .action((values: { upstream: string; port: number; out: string; spec?: string }) => {
      choose({
        name: "record",
        upstream: values.upstream,
        port: values.port,
        outDir: resolve(cwd, values.out),
        ...(values.spec ? { spec: resolve(cwd, values.spec) } : {}),
      });
    });

  program
    .command("replay")
    .description(
      "Judge every recorded exchange (*.har in the directories) against the current spec, offline.",
    )
    .argument("<dir...>", "directories of HAR files")
    .option("--spec <file>", "judge with this bundled spec (JSON) instead of the package's")
    .option("--reports-dir <dir>", "where the coverage report goes (default ./reports)")
    .option("--min-coverage <percent>", "fail when coverage is below this percentage", percentOption)
    .action((dirs: string[], values: { spec?: string; reportsDir?: string; minCoverage?: number }) => {
      choose({
        name: "replay",
        dirs: dirs.map((dir) => resolve(cwd, dir)),
        reportsDir: resolve(cwd, values.reportsDir ?? "reports"),
        ...(values.spec ? { spec: resolve(cwd, values.spec) } : {}),
        ...(values.minCoverage === undefined ? {} : { minCoverage: values.minCoverage }),
      });
    });

  targetOptions(
    program
      .command("replay-case")
      .description(
        "Send a saved generated case (from a failed generate run) to a target again and judge it.",
      ),
  )
    .argument("<file>", "the saved case (JSON)")
    .action((file: string, values: TargetValues) => {
      choose({ name: "replay-case", file: resolve(cwd, file), env: targetEnv(values, env, cwd) });
    });

  program
    .command("merge")
    .description("Merge the reports of shards (JSON summaries, JUnit files, coverage) into those of one run.")
    .argument("<dir...>", "the shards' reports directories")
    .option("--reports-dir <dir>", "where the merged reports go (default ./reports)")
    .option(
      "--min-coverage <percent>",
      "fail when the merged coverage is below this percentage",
      percentOption,
    )
    .action((dirs: string[], values: { reportsDir?: string; minCoverage?: number }) => {
      choose({
        name: "merge",
        dirs: dirs.map((dir) => resolve(cwd, dir)),
        reportsDir: resolve(cwd, values.reportsDir ?? "reports"),
        ...(values.minCoverage === undefined ? {} : { minCoverage: values.minCoverage }),
      });
    });

  return program;
}

/**
 * Reads the command line. Throws an Error whose message says what is wrong for bad input; help comes
 * back as text to print. Arguments after `--` go to vitest (run and generate).
 */
export function parseCli(argv: readonly string[], env: Env, cwd = process.cwd()): CliPlan {
  const split = argv.indexOf("--");
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const vitestArgs = split === -1 ? [] : argv.slice(split + 1);
  let chosen: CliCommand | undefined;
  let printed = "";
  const program = buildProgram(env, cwd, vitestArgs, (command) => {
    chosen = command;
  });
  const configure = (command: Command) => {
    command.exitOverride().configureOutput({
      writeOut: (text) => {
        printed += text;
      },
      writeErr: (text) => {
        printed += text;
      },
      outputError: () => {},
    });
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
  try {
    program.parse(own, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return { print: printed, exitCode: 0 };
      throw new Error(error.message.replace(/^error: /, ""));
    }
    throw error;
  }
  if (!chosen) throw new Error("no command");
  return { command: chosen };
}

/** The usage of the whole bin, or of one command. */
export function usage(command?: string): string {
  const plan = parseCli(command ? [command, "--help"] : ["--help"], {});
  return "print" in plan ? plan.print : "";
}

/** Runs the command line; resolves to the exit code. Output goes to `out`. */
export async function main(
  argv: readonly string[] = process.argv.slice(2),
  env: Env = process.env,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  let plan: CliPlan;
  try {
    plan = parseCli(argv, env);
  } catch (error) {
    const command = ["generate", "record", "replay", "replay-case", "merge"].find((name) => argv[0] === name);
    out.write(`contract-tests: ${(error as Error).message}\n\n${usage(command ?? "run")}`);
    return 2;
  }
  if ("print" in plan) {
    out.write(plan.print);
    return plan.exitCode;
  }
  return executeCommand(plan.command, out);
}
