// Hints and reports that still work in the next CI job. The package is laid out as npx leaves it in its cache
// (a node_modules folder under `_npx/<hash>/`, outside any project) and `generate` runs from an empty folder
// against a target that breaks one field: nothing it prints or writes names the cache; the printed commands
// name the bin by the package's name and the files relative to that folder, and they run as printed from
// another folder holding the same reports (where npx finds the package installed).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningSandbox, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanEnv, runBin, runShell } from "./test-support/bin.js";
import { BROKEN_OPERATION, brokenField } from "./test-support/broken-field.js";
import { installCopy } from "./test-support/installed-copy.js";
import { startRewritingProxy } from "./test-support/rewriting-proxy.js";

let sandbox: RunningSandbox;
let work: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  work = mkdtempSync(join(tmpdir(), "travelling-hints-"));
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Every file under `dir`, with its path relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

it("from npx's cache, prints and writes no path into it, and its printed commands run as printed from another folder", async () => {
  const cache = join(work, "home", ".npm", "_npx", "3f2a9c41d0e7b865");
  const bin = installCopy(cache, { prism: false });
  const breaking = brokenField();
  const proxy = await startRewritingProxy({ upstream: sandbox.url, ...breaking });
  // npx's own environment: offline, so a command that would fetch the package fails instead.
  const env = cleanEnv({ NO_COLOR: "1", npm_config_offline: "true" });
  const first = join(work, "first-job");
  const next = join(work, "next-job");
  mkdirSync(first);
  try {
    const run = await runBin(
      [
        "generate",
        "--target",
        "url",
        "--base-url",
        proxy.url,
        "--operation",
        BROKEN_OPERATION,
        "--cases",
        "2",
        "--reporter",
        "github",
        "--reporter",
        "gitlab",
      ],
      { bin, cwd: first, env },
    );
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(1);

    // Nothing names the cache: not the output (but for vitest's own banner, `RUN v4… <its root>`), not a file of the run.
    const lines = output.split("\n").filter((line) => !/^ RUN {2}v\d/.test(line));
    expect(lines.filter((line) => line.includes("_npx"))).toEqual([]);
    const written = filesUnder(join(first, "reports"));
    expect(written.length).toBeGreaterThan(3);
    for (const file of written) expect(readFileSync(file, "utf8"), file).not.toContain("_npx");

    // The hints: the bin by the package's name, the files relative to the folder of the run.
    const replay =
      /run it again with: (npx @cloud-contract\/contract-tests replay-case reports\/cases\/\S+\.json)/.exec(
        output,
      )?.[1];
    expect(replay, output).toBeDefined();
    const keptHint =
      /kept: (reports\/kept-failures\/\S+\.kept\.mts) — run it with: (npx @cloud-contract\/contract-tests kept \S+)/.exec(
        output,
      );
    expect(keptHint, output).not.toBeNull();
    const [, keptFile = "", keptCommand = ""] = keptHint ?? [];
    expect(keptCommand).toBe(`npx @cloud-contract/contract-tests kept ${keptFile}`);

    // Annotations point at no file outside the repository; JUnit names the suite file by the package.
    const annotations = run.stdout.split("\n").filter((line) => line.startsWith("::error "));
    expect(annotations.length).toBeGreaterThan(0);
    for (const line of annotations) expect(line).not.toMatch(/file=/);
    const junit = readFileSync(join(first, "reports", "generated-url.xml"), "utf8");
    const files = new Set([...junit.matchAll(/ file="([^"]*)"/g)].map((m) => m[1]));
    expect([...files]).toEqual(["@cloud-contract/contract-tests/src/generate/generated.contract.test.ts"]);

    // The kept file's header: the command from its own folder.
    const keptPath = join(first, keptFile);
    const header = readFileSync(keptPath, "utf8").split("\n").slice(0, 2);
    expect(header[0]).toMatch(/Run it from this file's folder with:$/);
    const headerCommand = /^\/\/ {3}(.+)$/.exec(header[1] ?? "")?.[1] ?? "";
    expect(headerCommand).toMatch(/^npx @cloud-contract\/contract-tests kept [\w.-]+\.kept\.mts$/);

    // The next job: the reports downloaded into another folder, where npx finds the package installed.
    mkdirSync(next);
    cpSync(join(first, "reports"), join(next, "reports"), { recursive: true });
    symlinkSync(join(cache, "node_modules"), join(next, "node_modules"), "dir");
    for (const [command, where] of [
      [replay ?? "", next],
      [keptCommand, next],
      [headerCommand, join(next, keptFile, "..")],
    ] as const) {
      const again = await runShell(command, env, where);
      expect(again.code, `${command}\n${again.stdout}${again.stderr}`).toBe(1);
      expect(again.stdout + again.stderr, command).toMatch(/\/count must be integer/);
    }
    breaking.broken.on = false;
    const fixed = await runShell(headerCommand, env, join(next, keptFile, ".."));
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
  } finally {
    await proxy.close();
  }
});
