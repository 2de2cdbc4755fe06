import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { atProcessEnd, findFreePort } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import {
  docsInstallLines,
  firstProgram,
  type InstallLine,
  installLines,
  installTool,
} from "./install-lines.js";
import { isRunning, type LocalRegistry, startLocalRegistry } from "./local-registry.js";
import { emptyProject, outsideEnv, type Run, runInstallLines, runOutside } from "./outside-project.js";
import { PUBLISHED_PACKAGES } from "./packages.js";
import { WORKSPACE_ROOT, workspacePath } from "./workspace.js";

const require = createRequire(import.meta.url);
/** TypeScript 7 compiles the programs and checks every declaration they read; TypeScript 5.9 checks them as well. */
const tsc7 = join(dirname(require.resolve("typescript-7/package.json")), "bin", "tsc");
const tsc5 = require.resolve("typescript/bin/tsc");
const fixture = workspacePath("packages", "release", "test", "consumer-project");
const RELEASE = workspacePath("packages", "release", "scripts", "release.mjs");
const PUBLISHED = PUBLISHED_PACKAGES.map((p) => p.name);
const PRISM_VERSION = JSON.parse(readFileSync(workspacePath("packages", "mock", "package.json"), "utf8"))
  .devDependencies["@stoplight/prism-cli"];
const TYPES_NODE = JSON.parse(readFileSync(require.resolve("@types/node/package.json"), "utf8")).version;
/** The sandbox's address in the docs; the program runs against a sandbox on a free port instead. */
const DOCS_SANDBOX = "http://127.0.0.1:4011";

/**
 * What of the repository a publish could change: its tags, the released spec, and the manifests, changelogs
 * and changesets that `changeset version` would touch (other tracked files belong to targets running meanwhile).
 */
function repositoryState(): string {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: WORKSPACE_ROOT, encoding: "utf8" }).stdout;
  const released = ["openapi.json", "versions.json"].map((f) =>
    readFileSync(workspacePath("spec", "released", f), "utf8"),
  );
  const touched = ["spec/released", ".changeset", "**/package.json", "**/CHANGELOG.md"].map(
    (p) => `:(glob)${p}`,
  );
  return JSON.stringify([git("tag", "--list"), git("status", "--porcelain", "--", ...touched), released]);
}

async function waitForAnswer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the sandbox ended (exit ${child.exitCode}):\n${log()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) }).then((r) => r.body?.cancel());
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the sandbox did not answer on ${url}:\n${log()}`);
}

describe("the packages as a team gets them: published to a registry, installed with the docs' own lines", () => {
  let registry: LocalRegistry;
  const lines: InstallLine[] = docsInstallLines();
  const projects: string[] = [];
  /** The npm project: the docs' npm lines, then what the test's own programs need. */
  let project = "";
  const installs: Run[] = [];
  let stateBefore = "";
  let published: Run;
  let sandboxPort = 0;

  beforeAll(async () => {
    registry = await startLocalRegistry();
    stateBefore = repositoryState();
    // The release command itself, in its trial mode (nx has built everything before this target), with the
    // publisher's token for the throwaway registry in a user config of its own.
    const run = spawnSync(process.execPath, [RELEASE, "--registry", registry.url, "--no-checks"], {
      cwd: WORKSPACE_ROOT,
      encoding: "utf8",
      timeout: HANG_DETECTOR_MS,
      env: { ...process.env, npm_config_userconfig: registry.publisherConfig },
    });
    published = { ...run, output: `${run.stdout ?? ""}\n${run.stderr ?? ""}` };
  });

  afterAll(async () => {
    await registry?.stop();
    for (const dir of projects) rmSync(dir, { recursive: true, force: true });
  });

  it("publishes the five packages through `release --registry`, changing nothing in the repository", () => {
    expect(published.status, published.output).toBe(0);
    for (const name of PUBLISHED) expect(published.output).toContain(name);
    expect(repositoryState()).toBe(stateBefore);
  });

  it("says what it published, and a second publish of the same versions says nothing was published", () => {
    for (const name of PUBLISHED) expect(published.output).toMatch(new RegExp(`Published to .*${name}@`));
    const again = spawnSync(process.execPath, [RELEASE, "--registry", registry.url, "--no-checks"], {
      cwd: WORKSPACE_ROOT,
      encoding: "utf8",
      timeout: HANG_DETECTOR_MS,
      env: { ...process.env, npm_config_userconfig: registry.publisherConfig },
    });
    const output = `${again.stdout}\n${again.stderr}`;
    expect(again.status, output).toBe(0);
    expect(output).toMatch(/Nothing was published: /);
    expect(output).not.toMatch(/Published to|▶ publish/);
  });

  it("refuses a registry npm holds no login for, naming `npm adduser`, before any build", () => {
    const empty = join(mkdtempSync(join(tmpdir(), "no-login-")), "empty.npmrc");
    writeFileSync(empty, "");
    projects.push(dirname(empty));
    const run = spawnSync("pnpm", ["release", "--registry", registry.url], {
      cwd: WORKSPACE_ROOT,
      encoding: "utf8",
      timeout: HANG_DETECTOR_MS,
      env: { ...process.env, npm_config_userconfig: empty },
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(2);
    expect(output).toContain(`npm adduser --registry ${registry.url}`);
    expect(output).not.toMatch(/▶ build/);
  });

  it("finds install lines on the docs page and in the READMEs", () => {
    expect(
      lines.some((l) => l.source === "spec/description.md"),
      JSON.stringify(lines),
    ).toBe(true);
    expect(
      lines.some((l) => l.source.endsWith("README.md")),
      JSON.stringify(lines),
    ).toBe(true);
  });

  it("installs with the docs' npm lines in an empty folder, then what the test's programs use", () => {
    project = emptyProject("cloud-contract-consumer-", registry.url);
    projects.push(project);
    expect(project.startsWith(WORKSPACE_ROOT)).toBe(false);
    const npmLines = lines.filter((l) => installTool(l.line) === "npm").map((l) => l.line);
    installs.push(...runInstallLines(npmLines, project));
    // The docs ask for an ES module project; the programs use every package, their Node types, Prism and msw.
    installs.push(
      ...runInstallLines(
        [
          "npm pkg set type=module",
          `npm install --no-audit --no-fund --loglevel=warn ${PUBLISHED.join(" ")} @types/node@${TYPES_NODE} @stoplight/prism-cli@${PRISM_VERSION} msw@2`,
        ],
        project,
      ),
    );
  });

  it("installs with the docs' pnpm lines in an empty folder of their own", () => {
    const pnpmLines = lines.filter((l) => installTool(l.line) === "pnpm").map((l) => l.line);
    if (pnpmLines.length === 0) return;
    const dir = emptyProject("cloud-contract-consumer-pnpm-", registry.url);
    projects.push(dir);
    runInstallLines(pnpmLines, dir);
    const named = new Set(pnpmLines.flatMap((line) => line.match(/@cloud-contract\/[\w-]+/g) ?? []));
    expect(named.size).toBeGreaterThan(0);
    for (const name of named) {
      const manifest = join(dir, "node_modules", ...name.split("/"), "package.json");
      expect(JSON.parse(readFileSync(manifest, "utf8")).name, name).toBe(name);
    }
    if (named.has("@cloud-contract/client")) {
      const loaded = runOutside(
        "node",
        [
          "--input-type=module",
          "-e",
          'console.log(typeof (await import("@cloud-contract/client")).createCloudClient)',
        ],
        dir,
      );
      expect(loaded.stdout.trim(), loaded.output).toBe("function");
    }
  });

  it("installs with the machine's Node, not the workspace's, without an engine warning", () => {
    const node = runOutside("node", ["-p", "process.execPath"], project);
    expect(node.status, node.output).toBe(0);
    expect(node.stdout.trim().startsWith(WORKSPACE_ROOT), node.stdout).toBe(false);
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) expect(install.output).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it("gets real copies of the registry's packages, not links into the workspace", async () => {
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
    for (const name of PUBLISHED) {
      const dir = join(project, "node_modules", ...name.split("/"));
      expect(lstatSync(dir).isSymbolicLink(), name).toBe(false);
      const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      // The very tarball the release command put on the throwaway registry.
      const packument = await (await fetch(new URL(name.replace("/", "%2f"), registry.url))).json();
      expect(lock.packages[`node_modules/${name}`].integrity, name).toBe(
        packument.versions[version].dist.integrity,
      );
    }
  });

  it("compiles the README's first program and the consumer programs with TypeScript 7 (skipLibCheck off)", async () => {
    sandboxPort = await findFreePort();
    const { program } = firstProgram();
    writeFileSync(
      join(project, "readme.ts"),
      program.replaceAll(DOCS_SANDBOX, `http://127.0.0.1:${sandboxPort}`),
    );
    for (const file of ["main.ts", "msw.ts"]) copyFileSync(join(fixture, file), join(project, file));
    copyFileSync(join(fixture, "tsconfig.json"), join(project, "tsconfig.json"));
    const check = runOutside("node", [tsc7, "-p", "tsconfig.json"], project);
    expect(check.status, check.output).toBe(0);
  });

  it("type-checks them with TypeScript 5.9 as well, as projects made by `tsc --init` do (skipLibCheck on)", () => {
    const check = runOutside("node", [tsc5, "-p", "tsconfig.json", "--noEmit", "--skipLibCheck"], project);
    expect(check.status, check.output).toBe(0);
  });

  it("runs the README's first program against a sandbox started from the installed mock", async () => {
    const port = sandboxPort;
    const origin = `http://127.0.0.1:${port}`;
    const bin = join(project, "node_modules", "@cloud-contract", "mock", "bin", "cloud-mock.js");
    const sandbox = spawn("node", [bin, "sandbox", "--port", String(port)], {
      cwd: project,
      env: outsideEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // However this process ends, the sandbox ends with it.
    const watcher = atProcessEnd("watch-sandbox", 'kill "$1" 2>/dev/null', [String(sandbox.pid)]);
    const ended = new Promise((resolve) => sandbox.once("exit", resolve));
    let log = "";
    sandbox.stdout?.on("data", (c) => (log += c));
    sandbox.stderr?.on("data", (c) => (log += c));
    try {
      await waitForAnswer(`${origin}/`, sandbox, () => log);
      const run = runOutside("node", [join("dist", "readme.js")], project);
      expect(run.status, run.output).toBe(0);
      expect(run.stdout.trim(), run.output).not.toBe("");
      expect(run.stdout, run.output).not.toMatch(/undefined|error/i);
    } finally {
      sandbox.kill("SIGTERM");
      await ended;
      watcher.kill("SIGKILL");
    }
  });

  it("runs the consumer program against the Prism mock and the in-process sandbox", () => {
    const program = runOutside("node", [join("dist", "main.js")], project);
    expect(program.status, program.output).toBe(0);
    const result = JSON.parse(program.stdout.trim().split("\n").at(-1) ?? "{}");
    expect(result).toEqual({
      state: expect.any(String),
      plans: expect.any(Number),
      stream: expect.any(Number),
      inProcess: "FINISHED",
    });
  });

  it("answers the client's listActiveTasks (no baseUrl) through msw's setupServer over the in-process sandbox", () => {
    const program = runOutside("node", [join("dist", "msw.js")], project);
    expect(program.status, program.output).toBe(0);
    expect(JSON.parse(program.stdout.trim().split("\n").at(-1) ?? "{}")).toEqual({
      status: 200,
      url: "https://api.gcore.com/cloud/v1/tasks/1/1/active",
      count: expect.any(Number),
    });
  });

  it("fails when the docs' install line names a package the registry does not have", () => {
    const docs = readFileSync(workspacePath("spec", "description.md"), "utf8");
    const line = installLines(docs).find((l) => installTool(l) === "npm") as string;
    expect(line, "the docs page prints an npm install line").toBeTruthy();
    const wrong = docs.replace(
      line,
      line.replace(/@cloud-contract\/[\w-]+/, "@cloud-contract/no-such-package"),
    );
    const dir = emptyProject("cloud-contract-consumer-wrong-", registry.url);
    projects.push(dir);
    expect(() => runInstallLines(installLines(wrong), dir)).toThrow(/E404/);
  });

  it("leaves no registry process or folder behind, and a second stop() is harmless", async () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(isRunning(registry.pid)).toBe(true);
    await registry.stop();
    expect(isRunning(registry.pid)).toBe(false);
    expect(existsSync(registry.dir)).toBe(false);
    await registry.stop();
  });
});
