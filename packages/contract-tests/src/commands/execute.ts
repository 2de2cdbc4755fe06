// Runs a parsed command; resolves to the exit code.
import type { CliCommand } from "../cli.js";
import { runMerge } from "./merge.js";
import { runRecord } from "./record.js";
import { runReplay } from "./replay.js";
import { runReplayCase } from "./replay-case.js";
import { runContract } from "./run.js";

export async function executeCommand(command: CliCommand, out: NodeJS.WritableStream): Promise<number> {
  try {
    switch (command.name) {
      case "run":
      case "generate":
        return await runContract(command, out);
      case "record":
        return await runRecord(command, out);
      case "replay":
        return runReplay(command, out);
      case "replay-case":
        return await runReplayCase(command, out);
      case "merge":
        return runMerge(command, out);
    }
  } catch (error) {
    // Input the flags could not check (a missing directory, a file that is not a HAR log or a saved case).
    out.write(`contract-tests: ${(error as Error).message}\n`);
    return 2;
  }
}
