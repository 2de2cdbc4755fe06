// How printed hints and reports name commands and files so that they still work in the next CI job: the command
// is `npx @cloud-contract/contract-tests …` wherever this package was installed (a project's node_modules, npx's
// cache), files are relative to the working directory; reports name files relative to the repository root (where
// CI annotations and test tabs look for them). No path into an install's folder is ever printed or written.
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The package's name, which `npx` runs the bin of. */
export const PACKAGE_NAME = "@cloud-contract/contract-tests";
/** The bin of this copy of the package (the same path from src/ and from dist/). */
export const BIN_PATH = fileURLToPath(new URL("../bin/contract-tests.js", import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Installed (under some node_modules folder) rather than a checkout of this repository's source. */
const INSTALLED = PACKAGE_ROOT.split(sep).includes("node_modules");

/** `text` in single quotes, as one shell word. */
export const singleQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** `text` as one shell word: left bare when it is plain, else in single quotes. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : singleQuote(text);
}

/** `path` relative to `base` with `/` separators when it lies under `base`; undefined otherwise. */
function under(base: string, path: string): string | undefined {
  const rel = relative(base, path);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return undefined;
  return rel.split(sep).join("/");
}

/** `path` as printed for a command typed in `cwd`: relative to `cwd` when it lies under it, else as it is. */
export function shownPath(path: string, cwd: string): string {
  return under(cwd, path) ?? path;
}

/** The command line of `args` as typed in `cwd` (paths among `args` already made relative with `shownPath`). */
export function cliCommand(args: readonly string[], cwd: string): string {
  const bin = INSTALLED ? ["npx", PACKAGE_NAME] : ["node", shownPath(BIN_PATH, cwd)];
  return [...bin, ...args].map(shellQuote).join(" ");
}

/** The folder of the git repository holding `cwd` (a `.git` folder or file), if any. */
function repositoryRoot(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * A file as reports name it (JUnit `file=`, annotations): relative to the repository holding `cwd`, else to `cwd`;
 * a file of this package installed elsewhere as `@cloud-contract/contract-tests/<path in the package>`.
 */
export function reportedPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const inRepository = under(repositoryRoot(cwd) ?? cwd, file);
  if (inRepository !== undefined) return inRepository;
  const inPackage = under(PACKAGE_ROOT, file);
  return inPackage === undefined ? file : `${PACKAGE_NAME}/${inPackage}`;
}

/** Whether a reported path names a file of the repository (what a GitHub annotation can point at). */
export const isRepositoryPath = (path: string): boolean =>
  path !== "" && !isAbsolute(path) && !path.startsWith(`${PACKAGE_NAME}/`);
