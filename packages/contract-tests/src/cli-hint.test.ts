// The commands hints print work as pasted: in a project that has this package and its bin installed,
// `npx contract-tests …` (run here through a shell, as printed); anywhere else this bin by its absolute path.
// Words that are not plain are quoted for the shell.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BIN_PATH, cliCommand, shellQuote } from "./cli-hint.js";
import { cleanEnv, runShell } from "./test-support/bin.js";

const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));
let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "cli-hint-"));
  mkdirSync(join(project, "node_modules", "@cloud-contract"), { recursive: true });
  mkdirSync(join(project, "node_modules", ".bin"));
  symlinkSync(PACKAGE_ROOT, join(project, "node_modules", "@cloud-contract", "contract-tests"));
  symlinkSync(BIN_PATH, join(project, "node_modules", ".bin", "contract-tests"));
  writeFileSync(join(project, "package.json"), '{ "name": "team", "private": true }\n');
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

it("quotes only what the shell would split or expand", () => {
  expect(shellQuote("/a/b-c_d.json")).toBe("/a/b-c_d.json");
  expect(shellQuote("a b")).toBe("'a b'");
  expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
});

it("names npx in a project with this package installed, and the bin by its path anywhere else", async () => {
  const file = join(project, "reports", "a case.json");
  expect(cliCommand(["replay-case", file], project)).toBe(`npx contract-tests replay-case '${file}'`);
  expect(cliCommand(["replay-case", file], tmpdir())).toBe(`node ${BIN_PATH} replay-case '${file}'`);
  const pasted = await runShell(cliCommand(["kept", "--help"], project), cleanEnv(), project);
  expect(pasted.code, pasted.stderr).toBe(0);
  expect(pasted.stdout).toMatch(/^Usage: contract-tests kept /);
});
