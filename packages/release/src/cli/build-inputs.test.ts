import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { write } from "../test-support/workspace.js";
import { buildInputs } from "./build-inputs.js";

/**
 * A workspace whose `nx` is a script standing in for the build: it appends a line to `runs.log` each time it
 * is started and writes the bundle (or fails when `fail` exists), so a test sees whether the gate started it.
 */
function workspaceWithBuild(): { root: string; runs: () => number } {
  const root = mkdtempSync(join(tmpdir(), "build-inputs-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  write(join(root, "package.json"), { name: "ws", private: true });
  write(join(root, "node_modules", "nx", "package.json"), { name: "nx", version: "0.0.0" });
  write(
    join(root, "node_modules", "nx", "bin", "nx.js"),
    `const fs = require("node:fs");
fs.appendFileSync("runs.log", process.argv.slice(2).join(" ") + "\\n");
if (fs.existsSync("fail")) { console.log("Error: the spec does not bundle"); process.exit(1); }
fs.mkdirSync("spec/dist", { recursive: true });
fs.writeFileSync("spec/dist/openapi.json", fs.readFileSync("spec/openapi.yaml"));
`,
  );
  write(join(root, "spec", "openapi.yaml"), "openapi: 3.1.0\n");
  const runs = () => {
    try {
      return readFileSync(join(root, "runs.log"), "utf8").trim().split("\n").length;
    } catch {
      return 0;
    }
  };
  return { root, runs };
}

describe("building the spec before the gate (--build)", () => {
  it("starts the build once, then again only when the spec's sources or its outputs change", () => {
    const { root, runs } = workspaceWithBuild();
    buildInputs(root);
    expect(readFileSync(join(root, "runs.log"), "utf8")).toBe("run spec:build --outputStyle=static\n");
    buildInputs(root);
    expect(runs()).toBe(1);
    write(join(root, "spec", "openapi.yaml"), "openapi: 3.1.1\n");
    buildInputs(root);
    expect(runs()).toBe(2);
    writeFileSync(join(root, "spec", "dist", "openapi.json"), "edited by hand");
    buildInputs(root);
    expect(runs()).toBe(3);
    write(join(root, "nx.json"), {});
    buildInputs(root);
    expect(runs()).toBe(4);
    buildInputs(root);
    expect(runs()).toBe(4);
  });

  it("a failed build is not remembered: the next run builds again, and says why it failed", () => {
    const { root, runs } = workspaceWithBuild();
    writeFileSync(join(root, "fail"), "");
    expect(() => buildInputs(root)).toThrow(/^the spec does not bundle: Error: the spec does not bundle/);
    expect(() => buildInputs(root)).toThrow(/does not bundle/);
    expect(runs()).toBe(2);
  });
});
