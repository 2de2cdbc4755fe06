// `contract-tests generate`: generated requests only, sent to a target like a run.
import { resolve } from "node:path";
import { loadDocument } from "@cloud-contract/spec/document";
import { resolveRun } from "../run-config/run-config.js";
import { DEFAULT_SEQUENCE_OPTIONS } from "../stateful/sequences.js";
import type { CliIo, CommandModule } from "./command.js";
import { executeContractRun } from "./contract-run.js";
import { casesOption, operationsOption, seedOption } from "./option-parsers.js";
import { addRunOptions, type RunValues, runFlags } from "./run.js";
import { runStateful } from "./stateful.js";
import { addTargetOptions, cannotRunLine, targetFlags } from "./target-options.js";

export const GENERATED_TEST_FILE = "src/generate/generated.contract.test.ts";

export const generateCommand: CommandModule = {
  register(program, io, choose) {
    addRunOptions(
      addTargetOptions(
        program
          .command("generate")
          .description(
            "Send generated requests to a target (like a run): per operation, valid ones that reach every oneOf branch, enum value and optional field, N random valid ones, and ones that break one constraint each. Failures are grouped by cause; the smallest case of each group is printed as a curl line and saved for replay-case. The requests sent per operation are printed.",
          ),
        "send random sequences of calls built from the spec's links instead (see --sequences, --max-steps, --replay)",
      ),
    )
      .option("--cases <n>", "random valid cases per operation", casesOption, 30)
      .option("--seed <s>", "seed (the same seed sends the same requests)", seedOption, 1)
      .option(
        "--operation <ids>",
        "only these operations (comma list)",
        operationsOption(loadDocument().operations.map((op) => op.operationId)),
      )
      .option(
        "--sequences <n>",
        "with --stateful: random sequences built from the spec's links (after one sweep of every auth, break and page check)",
        casesOption,
        DEFAULT_SEQUENCE_OPTIONS.sequences,
      )
      .option(
        "--max-steps <n>",
        "with --stateful: steps per sequence at most",
        casesOption,
        DEFAULT_SEQUENCE_OPTIONS.maxSteps,
      )
      .option("--replay <file>", "run a saved stateful sequence again (implies --stateful)")
      .action((values: GenerateValues) => {
        if (values.stateful || values.replay !== undefined) {
          choose(() => statefulRun(values, io));
          return;
        }
        const { cases, seed, operation, sequences: _s, maxSteps: _m, replay: _r, ...rest } = values;
        const { flags, allowUnconfigured } = runFlags(rest);
        choose(() =>
          executeContractRun(
            {
              runName: "generated",
              flags: { ...flags, generated: cases, seed, ...(operation ? { operations: operation } : {}) },
              vitestArgs: [GENERATED_TEST_FILE, ...io.vitestArgs],
              allowUnconfigured,
            },
            io,
          ),
        );
      });
  },
};

interface GenerateValues extends RunValues {
  cases: number;
  seed: number;
  operation?: string[];
  sequences: number;
  maxSteps: number;
  replay?: string;
}

/** `generate --stateful`: sequences from the spec's links (src/stateful/) instead of one call at a time. */
async function statefulRun(values: GenerateValues, io: CliIo): Promise<number> {
  const { target, baseUrl, apiKey, allowMutations, readOnly, reportsDir } = values;
  const resolved = resolveRun(
    targetFlags({ target, baseUrl, apiKey, allowMutations, readOnly, reportsDir }),
    io.env,
    io.cwd,
    "generated",
  );
  if (resolved.kind !== "ready") {
    io.out.write(cannotRunLine(resolved));
    return 2;
  }
  return runStateful(
    {
      target: resolved.config.target,
      reportsDir: resolved.config.reportsDir,
      sequences: values.sequences,
      maxSteps: values.maxSteps,
      seed: values.seed,
      ...(values.replay === undefined ? {} : { replay: resolve(io.cwd, values.replay) }),
    },
    io.out,
  );
}
