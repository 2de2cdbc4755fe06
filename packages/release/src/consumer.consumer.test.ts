import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packPublishedPackages } from "./pack.js";
import { PUBLISHED_PACKAGES } from "./packages.js";
import { WORKSPACE_ROOT, workspacePath } from "./workspace.js";

const require = createRequire(import.meta.url);
/** TypeScript 7 compiles the program and checks every declaration it reads; TypeScript 5.9 checks it as well. */
const tsc7 = join(dirname(require.resolve("typescript-7/package.json")), "bin", "tsc");
const tsc5 = require.resolve("typescript/bin/tsc");
const fixture = workspacePath("packages", "release", "test", "consumer-project");
/** Every published package: the program uses spec, types, client and mock; all five must install cleanly. */
const INSTALLED = PUBLISHED_PACKAGES.map((p) => p.name);
const PRISM_VERSION = JSON.parse(readFileSync(workspacePath("packages", "mock", "package.json"), "utf8"))
  .devDependencies["@stoplight/prism-cli"];
const TYPES_NODE = JSON.parse(readFileSync(require.resolve("@types/node/package.json"), "utf8")).version;

/**
 * The environment of a project outside the workspace, in which `node` and `npm` are looked up: no folder of
 * the workspace on PATH (so they are the machine's, not the Node 24 that `pnpm install` put in
 * node_modules/.bin) and no NODE_PATH (pnpm's launchers in .bin, vitest's among them, set it to the
 * workspace's packages).
 */
const outsideEnv: NodeJS.ProcessEnv = {
  ...process.env,
  CI: "true",
  PATH: (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "" && !dir.startsWith(WORKSPACE_ROOT))
    .join(delimiter),
};
delete outsideEnv.NODE_PATH;
// A user's default: each process compiles its own validators (the workspace's tests keep theirs).
delete outsideEnv.CLOUD_CONTRACT_VALIDATOR_CACHE;

function run(command: string, args: string[], cwd: string, timeout = 120_000) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout, env: outsideEnv });
  return { ...result, output: `${result.stdout ?? ""}\n${result.stderr ?? ""}` };
}

describe("a project outside the workspace that installs the packed tarballs", () => {
  // Under the OS temp dir, so no node_modules of the workspace can be found by walking up.
  const project = mkdtempSync(join(tmpdir(), "cloud-contract-consumer-"));
  let installOutput = "";

  beforeAll(() => {
    expect(project.startsWith(WORKSPACE_ROOT)).toBe(false);
    const tarballs = join(project, "tarballs");
    mkdirSync(tarballs);
    const packed = packPublishedPackages(tarballs);
    const deps: Record<string, string> = {};
    for (const name of INSTALLED) deps[name] = `file:tarballs/${basename(packed.get(name) as string)}`;
    const manifest = {
      name: "consumer-check",
      private: true,
      type: "module",
      dependencies: deps,
      // Prism is an optional peer of the mock: a project that starts it installs it, as the README says.
      devDependencies: { "@types/node": TYPES_NODE, "@stoplight/prism-cli": PRISM_VERSION },
      // Packages that depend on each other get the same tarballs, not a registry copy.
      overrides: Object.fromEntries(INSTALLED.map((name) => [name, `$${name}`])),
    };
    writeFileSync(join(project, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(join(fixture, "main.ts"), join(project, "main.ts"));
    copyFileSync(join(fixture, "tsconfig.json"), join(project, "tsconfig.json"));
    const install = run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=warn"],
      project,
      280_000,
    );
    expect(install.status, install.output).toBe(0);
    installOutput = install.output;
  }, 300_000);

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("installs with the machine's Node, not the workspace's, without an engine warning", () => {
    // npm warns EBADENGINE when the Node it runs on does not meet a package's engines (>=20.19.0).
    const node = run("node", ["-p", "process.execPath"], project);
    expect(node.status, node.output).toBe(0);
    expect(node.stdout.trim().startsWith(WORKSPACE_ROOT), node.stdout).toBe(false);
    expect(installOutput).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it("gets real copies of the packages, not links into the workspace", () => {
    for (const name of INSTALLED) {
      const dir = join(project, "node_modules", ...name.split("/"));
      expect(lstatSync(dir).isSymbolicLink(), name).toBe(false);
      expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toBe(name);
    }
  });

  it("compiles the program against the published declarations, checking them too (skipLibCheck off)", () => {
    const check = run("node", [tsc7, "-p", "tsconfig.json"], project);
    expect(check.status, check.output).toBe(0);
  });

  it("type-checks it with TypeScript 5.9 as well, as projects made by `tsc --init` do (skipLibCheck on)", () => {
    const check = run("node", [tsc5, "-p", "tsconfig.json", "--noEmit", "--skipLibCheck"], project);
    expect(check.status, check.output).toBe(0);
  });

  it("runs the program against the Prism mock and the in-process sandbox from the tarballs", () => {
    const program = run("node", [join("dist", "main.js")], project, 90_000);
    expect(program.status, program.output).toBe(0);
    const result = JSON.parse(program.stdout.trim().split("\n").at(-1) ?? "{}");
    expect(result).toEqual({
      state: expect.any(String),
      plans: expect.any(Number),
      stream: expect.any(Number),
      inProcess: "FINISHED",
    });
  });
});
