import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { workspace } from "../test-support/workspace.js";

const SCRIPT = fileURLToPath(new URL("../../scripts/gate.mjs", import.meta.url));
const SOURCE = fileURLToPath(new URL("..", import.meta.url));

/** The gate's script as CI and `pnpm gate` run it: its own process, Node running the TypeScript source. */
function runScript(...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const doc = (paths: Record<string, unknown>) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths,
});
const GET = { get: { operationId: "getA", responses: { "200": { description: "ok" } } } };

/** Every module the gate's command loads from this package, and the packages it imports. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)) {
      if (!spec) continue;
      if (spec.startsWith(".")) visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
      else if (!spec.startsWith("node:")) packages.add(spec);
    }
    for (const [, spec] of text.matchAll(/import\("(\.[^"]+)"\)/g))
      if (spec) visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
  };
  visit(entry);
  return { files: [...files], packages };
}

// Each case starts Node on the gate's source.
describe("the gate's script", () => {
  it("--help: the usage on stdout, exit 0", () => {
    const { code, stdout, stderr } = runScript("--help");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: pnpm gate \[options\]/);
    expect(stderr).toBe("");
  });

  it("exit 1 on a break, with the report alone on stdout", () => {
    const root = workspace(doc({ "/a": GET }), doc({}));
    const { code, stdout, stderr } = runScript("--root", root, "--format", "json");
    expect(code, stderr).toBe(1);
    expect(JSON.parse(stdout).findings[0]).toMatchObject({ rule: "operation-removed", level: "error" });
  });

  it("exit 2 and one line on stderr for a spec it cannot read, never a stack", () => {
    const root = workspace(doc({ "/a/{x}": GET, "/a/{y}": GET }), doc({ "/a": GET }));
    const { code, stdout, stderr } = runScript("--root", root);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `gate: ${join(root, "spec", "released", "openapi.json")}: paths /a/{x} and /a/{y} are one path (they differ only in parameter names)\n`,
    );
  });

  it("loads nothing of the workspace but the spec's document model: no build of types, client or mock stands before it", () => {
    const { files, packages } = importGraph(join(SOURCE, "cli", "gate.ts"));
    expect(files.length).toBeGreaterThan(10);
    // The spec's validator is built with its document model; witnesses are built from the spec alone (no
    // package of the contract suite, so the findings are the same whatever else was built).
    expect([...packages].sort()).toEqual([
      "@changesets/get-release-plan",
      "@cloud-contract/spec/document",
      "@cloud-contract/spec/validator",
      "fast-check",
      "yaml",
    ]);
  });
});
