// The command line of the package (commander). The root only assembles: each command is a module in
// commands/ that owns its options, parser and work; adding a command is one module and one line in
// COMMANDS. Exit codes: 0 pass, 1 contract broken, 2 cannot run (with one line saying why).
// `bin/contract-tests.js` calls main().
import { Command, CommanderError } from "commander";
import type { CliIo, CommandModule, CommandRun } from "./commands/command.js";
import { generateCommand } from "./commands/generate.js";
import { keptCommand } from "./commands/kept.js";
import { mergeCommand } from "./commands/merge.js";
import { parityCommand } from "./commands/parity.js";
import { recordCommand } from "./commands/record.js";
import { replayCommand } from "./commands/replay.js";
import { replayCaseCommand } from "./commands/replay-case.js";
import { runCommand } from "./commands/run.js";
import { statefulCommand } from "./commands/stateful.js";
import { statementsCommand } from "./commands/statements.js";
import { messageOf, oneLine } from "./error-message.js";
import type { Env } from "./run-config/target.js";

export { vitestCommand } from "./suite-command.js";

/** Every command, in the order of the help. */
const COMMANDS: readonly CommandModule[] = [
  runCommand,
  generateCommand,
  statefulCommand,
  statementsCommand,
  recordCommand,
  replayCommand,
  replayCaseCommand,
  keptCommand,
  parityCommand,
  mergeCommand,
];

/** What the command line asks for: the chosen command's work, or text to print (help) and its exit code. */
export type CliPlan = { run: CommandRun } | { print: string; exitCode: number };

function buildProgram(io: CliIo, choose: (run: CommandRun) => void): Command {
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
  for (const module of COMMANDS) {
    module.register(program, io, choose);
  }
  return program;
}

/** A command line commander refused (an unknown option, a bad value): its reason points at --help. */
class UsageError extends Error {}

/**
 * Reads the command line. Throws an Error whose message says what is wrong for bad input; help comes
 * back as text to print. Arguments after `--` go to vitest (run and generate).
 */
export function parseCli(
  argv: readonly string[],
  env: Env,
  cwd = process.cwd(),
  out: NodeJS.WritableStream = process.stdout,
): CliPlan {
  const split = argv.indexOf("--");
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const vitestArgs = split === -1 ? [] : argv.slice(split + 1);
  let chosen: CommandRun | undefined;
  let printed = "";
  const program = buildProgram({ env, cwd, out, vitestArgs }, (run) => {
    chosen = run;
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
      throw new UsageError(error.message.replace(/^error: /, ""));
    }
    throw error;
  }
  if (!chosen) throw new Error("no command");
  return { run: chosen };
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
  cwd = process.cwd(),
): Promise<number> {
  let plan: CliPlan;
  try {
    plan = parseCli(argv, env, cwd, out);
  } catch (error) {
    const names = buildProgram({ env, cwd, out, vitestArgs: [] }, () => {}).commands.map((c) => c.name());
    const command = names.find((name) => argv[0] === name);
    // One line, the reason last in a CI log read from the bottom; the usage is behind --help.
    const help =
      error instanceof UsageError ? ` (contract-tests ${command ?? "run"} --help lists the options)` : "";
    out.write(`contract-tests: ${oneLine(messageOf(error))}${help}\n`);
    return 2;
  }
  if ("print" in plan) {
    out.write(plan.print);
    return plan.exitCode;
  }
  try {
    return await plan.run.run();
  } catch (error) {
    // What the flags could not check: a file that is not a saved case, a refused merge (CannotRun), a target
    // that fails to start.
    out.write(`contract-tests: ${oneLine(messageOf(error))}\n`);
    return 2;
  }
}
