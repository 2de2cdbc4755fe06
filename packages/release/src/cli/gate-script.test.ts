import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { workspace } from "../test-support/workspace.js";

const SCRIPT = fileURLToPath(new URL("../../scripts/gate.mjs", import.meta.url));
const SOURCE = fileURLToPath(new URL("..", import.meta.url));

/** The gate's script as CI and `pnpm gate` run it: its own process, Node running the TypeScript source. */
function runScript(...args: string[]) {
  return runScriptWith(process.env, ...args);
}

function runScriptWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8", env });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const doc = (paths: Record<string, unknown>) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths,
});
const GET = { get: { operationId: "getA", responses: { "200": { description: "ok" } } } };

/** Every module the gate's command may load from this package, and the packages it imports (at once or when needed). */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    const imported = [
      ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms),
      ...text.matchAll(/import\("([^"]+)"\)/g),
    ];
    for (const [, spec] of imported) {
      if (!spec) continue;
      if (spec.startsWith(".")) visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
      else if (!spec.startsWith("node:")) packages.add(spec);
    }
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

  it("the same report from results and validators kept by an earlier run, damaged, or in a folder it cannot write", () => {
    const body = (maxLength: number) => ({
      post: {
        operationId: "postA",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "string", maxLength } } },
        },
        responses: { "204": { description: "done" } },
      },
    });
    const root = workspace(doc({ "/a": body(255) }), doc({ "/a": body(64) }));
    const validators = mkdtempSync(join(tmpdir(), "validators-"));
    const env = { ...process.env, CLOUD_CONTRACT_VALIDATOR_CACHE: validators };
    const args = ["--root", root, "--format", "json", "--today", "2026-06-01"];
    const first = runScriptWith(env, ...args);
    expect(first.code, first.stderr).toBe(1);
    expect(JSON.parse(first.stdout).findings[0]).toMatchObject({
      level: "error",
      witness: { kind: "request" },
    });
    const results = join(root, "node_modules", ".cache", "release-gate", "results");
    const parts = join(root, "node_modules", ".cache", "release-gate", "parts");
    expect(readdirSync(results).length).toBeGreaterThan(0);
    expect(readdirSync(parts).length).toBeGreaterThan(0);
    expect(readdirSync(validators).length).toBeGreaterThan(0);
    expect(runScriptWith(env, ...args)).toEqual(first);
    for (const folder of [results, parts, validators])
      for (const file of readdirSync(folder)) {
        const text = readFileSync(join(folder, file), "utf8");
        writeFileSync(join(folder, file), text.slice(0, text.length / 2));
      }
    expect(runScriptWith(env, ...args)).toEqual(first);
    for (const folder of [results, parts, validators]) {
      rmSync(folder, { recursive: true });
      writeFileSync(folder, "a file where the folder would be");
    }
    expect(runScriptWith(env, ...args)).toEqual(first);
    rmSync(validators);
  });

  it("after an edit, the parts kept from the run before give the report a run with nothing kept gives", () => {
    const op = (operationId: string) => ({
      post: {
        operationId,
        requestBody: {
          content: { "application/json": { schema: { $ref: `#/components/schemas/${operationId}` } } },
        },
        responses: { "204": { description: "done" } },
      },
    });
    const spec = (a: number, b: number) => ({
      ...doc({ "/a": op("A"), "/b": op("B") }),
      components: { schemas: { A: { type: "string", maxLength: a }, B: { type: "string", maxLength: b } } },
    });
    const root = workspace(spec(255, 255), spec(64, 255));
    const cache = join(root, "node_modules", ".cache", "release-gate");
    const args = ["--root", root, "--format", "json", "--today", "2026-06-01"];
    expect(runScript(...args).code).toBe(1);
    // The candidate edited in B alone: A's comparison is the kept one.
    const edited = join(root, "edited.json");
    writeFileSync(edited, JSON.stringify(spec(64, 32)));
    const kept = runScript(...args, "--current", edited);
    rmSync(cache, { recursive: true });
    const computed = runScript(...args, "--current", edited);
    expect(computed.code, computed.stderr).toBe(1);
    expect(JSON.parse(computed.stdout).findings.map((f: { operation: string }) => f.operation)).toEqual([
      "POST /a",
      "POST /b",
    ]);
    expect(kept).toEqual(computed);
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
