// The options that choose a target, shared by run, generate and replay-case.
import { type Command, Option } from "commander";
import type { RunResolution, TargetFlags } from "../run-config/run-config.js";
import { TARGET_NAMES } from "../run-config/target.js";
import { httpUrlOption } from "./option-parsers.js";

/** `stateful` is what `--stateful` means to the command (run: the behaviour tests; generate: sequences). */
export function addTargetOptions(
  command: Command,
  stateful = "url target: run the behaviour tests too",
): Command {
  return command
    .addOption(new Option("--target <name>", "what to run against").choices(TARGET_NAMES))
    .option("--base-url <url>", "the API's root URL (real, url)", httpUrlOption)
    .option(
      "--api-key <key>",
      "the key (else CONTRACT_API_KEY; url: the sandbox's key when neither is given); prefer the variable: flags are visible to other users",
    )
    .option("--stateful", stateful)
    .addOption(
      new Option("--allow-mutations", "let tests change data (real: off by default)").conflicts("readOnly"),
    )
    .option("--read-only", "never change data (url: on by default)")
    .option("--reports-dir <dir>", "where the reports go (default ./reports)");
}

/** The target values as run-config flags (undefined ones left out). */
export function targetFlags(values: TargetFlags): TargetFlags {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** The one line a command prints when its target cannot run (exit 2). */
export function cannotRunLine(resolved: Exclude<RunResolution, { kind: "ready" }>): string {
  const reason =
    resolved.kind === "invalid"
      ? resolved.message
      : `cannot run --target ${resolved.target}: missing ${resolved.missing.join(", ")}`;
  return `contract-tests: ${reason}\n`;
}
