// `@cloud-contract/mock/msw` in a project without msw (an optional peer): the import fails with the line that
// installs it. The package's files copied into a node_modules folder of its own, its other dependencies linked
// from the workspace, msw left out; Node imports it in a child process there.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MSW_INSTALL } from "./msw-node.js";

const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));
let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "msw-missing-"));
  const copy = join(project, "node_modules", "@cloud-contract", "mock");
  for (const part of ["package.json", "dist"])
    cpSync(join(PACKAGE_ROOT, part), join(copy, part), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const link = join(project, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(PACKAGE_ROOT, "node_modules", name)), link, "dir");
  }
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

it("without msw, importing the adapter says which line installs it", () => {
  const run = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", 'await import("@cloud-contract/mock/msw");'],
    {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, NODE_PATH: "" },
    },
  );
  expect(run.status).toBe(1);
  // The error Node prints, its cause (msw not found) under it.
  const thrown = run.stderr.split("\n").find((line) => line.startsWith("Error"));
  expect(thrown).toBe(
    `Error: @cloud-contract/mock/msw needs msw, an optional peer dependency that is not installed: ${MSW_INSTALL}`,
  );
});
