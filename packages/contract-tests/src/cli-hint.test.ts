// How hints and reports name commands and files, in this checkout of the package (an installed copy is
// src/travelling-hints.test.ts): the bin relative to the working directory, files relative to it; reports name
// files relative to the repository, or by the package's name when they are this package's own and lie outside.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BIN_PATH, cliCommand, reportedPath, shellQuote, shownPath } from "./cli-hint.js";
import { cleanEnv, runShell } from "./test-support/bin.js";

const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
let elsewhere: string;

beforeAll(() => {
  elsewhere = mkdtempSync(join(tmpdir(), "cli-hint-"));
});

afterAll(() => {
  rmSync(elsewhere, { recursive: true, force: true });
});

it("quotes only what the shell would split or expand", () => {
  expect(shellQuote("/a/b-c_d.json")).toBe("/a/b-c_d.json");
  expect(shellQuote("@cloud-contract/contract-tests")).toBe("@cloud-contract/contract-tests");
  expect(shellQuote("a b")).toBe("'a b'");
  expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
});

it("shows a file relative to the working directory when it lies under it", () => {
  expect(shownPath(join(elsewhere, "reports", "a.json"), elsewhere)).toBe("reports/a.json");
  expect(shownPath("/other/a.json", elsewhere)).toBe("/other/a.json");
});

it("names the bin of a checkout relative to the working directory, and the command runs as printed", async () => {
  expect(cliCommand(["replay-case", "reports/a case.json"], PACKAGE_ROOT)).toBe(
    "node bin/contract-tests.js replay-case 'reports/a case.json'",
  );
  expect(cliCommand(["kept"], elsewhere)).toBe(`node ${BIN_PATH} kept`);
  const pasted = await runShell(cliCommand(["kept", "--help"], PACKAGE_ROOT), cleanEnv(), PACKAGE_ROOT);
  expect(pasted.code, pasted.stderr).toBe(0);
  expect(pasted.stdout).toMatch(/^Usage: contract-tests kept /);
});

it("reports a file relative to the repository holding the working directory, else by the package's name", () => {
  const suiteFile = join(PACKAGE_ROOT, "src", "auth.contract.test.ts");
  expect(reportedPath(suiteFile, PACKAGE_ROOT)).toBe("packages/contract-tests/src/auth.contract.test.ts");
  expect(reportedPath(suiteFile, REPOSITORY_ROOT)).toBe("packages/contract-tests/src/auth.contract.test.ts");
  expect(reportedPath(suiteFile, elsewhere)).toBe("@cloud-contract/contract-tests/src/auth.contract.test.ts");
  expect(reportedPath(join(elsewhere, "a.har"), elsewhere)).toBe("a.har");
  expect(reportedPath("/srv/a.har", elsewhere)).toBe("/srv/a.har");
});
