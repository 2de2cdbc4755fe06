// The option groups several commands share, each declared once here and added by the commands that
// honour it. A command takes only the groups (and options of its own) whose every option it honours.
import { type Command, InvalidArgumentError, Option } from "commander";
import type { CoverageGates } from "../coverage-report/gates.js";
import { CI_REPORTERS, type CiReporter } from "../run-config/run-config.js";
import { TARGET_NAMES, type TargetName } from "../run-config/target.js";
import { gatesOption, httpUrlOption, seedOption } from "./option-parsers.js";

/** --target, --base-url and --api-key: what to run against. */
export interface TargetValues {
  target?: TargetName;
  baseUrl?: string;
  apiKey?: string;
}

export function addTargetOptions(
  command: Command,
  targets: readonly TargetName[] = TARGET_NAMES,
  fallback = "CONTRACT_TARGET, else prism",
): Command {
  return command
    .addOption(new Option("--target <name>", `what to run against (default: ${fallback})`).choices(targets))
    .option("--base-url <url>", "the API's root URL (real, url; else CONTRACT_BASE_URL)", httpUrlOption)
    .option(
      "--api-key <key>",
      "the key (else CONTRACT_API_KEY; url: the sandbox's key when neither is given); prefer the variable: flags are visible to other users",
    );
}

/**
 * --allow-mutations and --read-only: whether tests may change data on a real or url target. Neither given:
 * real and a url that is not a sandbox are read-only; a sandbox behind url (it answers /__sandbox/) is changed.
 */
export interface MutationValues {
  allowMutations?: boolean;
  readOnly?: boolean;
}

export function addMutationOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        "--allow-mutations",
        "let requests change data on real or url (else CONTRACT_ALLOW_MUTATIONS=1). Without it real and a url that is not a sandbox are read-only; a url that answers the sandbox's control API (/__sandbox/) is changed, in a tenant of its own when no key is given",
      ).conflicts("readOnly"),
    )
    .option(
      "--read-only",
      "never change data, a sandbox behind url included (else CONTRACT_ALLOW_MUTATIONS=0)",
    );
}

export function addReportsDirOption(command: Command): Command {
  return command.option(
    "--reports-dir <dir>",
    "where the reports go (else CONTRACT_REPORTS_DIR, else ./reports)",
  );
}

export function addGatesOption(command: Command): Command {
  return command.option(
    "--min-coverage <gates>",
    "fail below this coverage: a percentage of every item, or per kind: operations=100,statuses=50,branches=100,enums=80",
    gatesOption,
  );
}

export function addSeedOption(command: Command, what: string): Command {
  return command.option("--seed <s>", `${what} (else CONTRACT_SEED, else 1)`, seedOption);
}

/** --reporter, --run-id and --allow-unconfigured: how a run reports to a CI. */
export interface CiValues {
  reporter?: CiReporter[];
  runId?: string;
  allowUnconfigured?: boolean;
}

/** Each --reporter adds one; an unknown name is refused. */
function collectReporter(value: string, previous: CiReporter[] = []): CiReporter[] {
  const known = CI_REPORTERS.find((name) => name === value);
  if (known === undefined) throw new InvalidArgumentError(`Allowed choices are ${CI_REPORTERS.join(", ")}.`);
  return [...previous, known];
}

export function addCiOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        "--reporter <name>",
        "also report for a CI: github (annotations), gitlab (code quality file); repeatable",
      )
        .choices(CI_REPORTERS)
        .argParser(collectReporter),
    )
    .option(
      "--run-id <id>",
      "the id the shards of one CI run share (default: GITHUB_RUN_ID or CI_PIPELINE_ID)",
    )
    .option(
      "--allow-unconfigured",
      "a real target without its variables is skipped (exit 0, a report saying so)",
    );
}

export type { CoverageGates };
