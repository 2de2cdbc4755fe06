// The commands printed hints name, spelled so that they work when pasted: `npx contract-tests …` in a
// project that has this package in its node_modules, else this package's bin by its absolute path (which
// works from any folder, and is what kept files print).
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The bin of this copy of the package (the same path from src/ and from dist/). */
export const BIN_PATH = fileURLToPath(new URL("../bin/contract-tests.js", import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** `text` in single quotes, as one shell word. */
export const singleQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** `text` as one shell word: left bare when it is plain, else in single quotes. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : singleQuote(text);
}

const realpath = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

/** This package's bin by its absolute path: `node /…/bin/contract-tests.js ARGS`, for any folder. */
export function binCommand(args: readonly string[]): string {
  return ["node", BIN_PATH, ...args].map(shellQuote).join(" ");
}

/** The command line of `args` as typed in `cwd`: npx where `cwd` has this very package and its bin installed. */
export function cliCommand(args: readonly string[], cwd: string): string {
  const modules = join(cwd, "node_modules");
  const installed = realpath(join(modules, "@cloud-contract", "contract-tests"));
  const own =
    installed !== undefined &&
    installed === realpath(PACKAGE_ROOT) &&
    realpath(join(modules, ".bin", "contract-tests")) === realpath(BIN_PATH);
  return own ? ["npx", "contract-tests", ...args].map(shellQuote).join(" ") : binCommand(args);
}
