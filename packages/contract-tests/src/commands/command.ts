// What a command module is: it adds its command, options and parser to the program, and when chosen it
// hands back the work to do. The root (cli.ts) imports the modules; a module never imports the root.
import type { Command } from "commander";
import type { Env } from "../run-config/target.js";

export interface CliIo {
  env: Env;
  /** The working directory: relative paths of flags are resolved against it. */
  cwd: string;
  out: NodeJS.WritableStream;
  /** Arguments after `--` (passed on to vitest by the commands that run it). */
  vitestArgs: readonly string[];
}

/**
 * The chosen command: what it resolved from its options and arguments (`settings`, a plain value the
 * option tests compare), and its work, which resolves to the exit code (0 pass, 1 broken, 2 cannot run).
 */
export interface CommandRun {
  settings: unknown;
  run(): Promise<number>;
}

export interface CommandModule {
  register(program: Command, io: CliIo, choose: (run: CommandRun) => void): void;
}

/** Thrown when a command cannot run (input it cannot read, a refused merge): exit 2 with its message. */
export class CannotRun extends Error {
  override readonly name = "CannotRun";
}
