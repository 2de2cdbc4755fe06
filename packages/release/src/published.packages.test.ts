import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPackage, createPackageFromTarballData, type Problem } from "@arethetypeswrong/core";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packPublishedPackages, tarballFiles } from "./pack.js";
import { PUBLISHED_PACKAGES } from "./packages.js";
import { filesNotForConsumers } from "./tarball-contents.js";
import { workspacePath } from "./workspace.js";

const packs = mkdtempSync(join(tmpdir(), "release-packs-"));
let tarballs: ReturnType<typeof packPublishedPackages>;
beforeAll(() => {
  tarballs = packPublishedPackages(packs);
});
afterAll(() => rmSync(packs, { recursive: true, force: true }));

/**
 * Entry points attw checks per package. All packages are ESM-only ("type": "module", `import` exports
 * only), so attw's problems are judged as its CLI's esm-only profile judges them: a problem of a resolution
 * from CommonJS (`node10`, `node16-cjs`) does not count, as `require` is not a goal. The spec's other exports
 * are data files (openapi.yaml, docs/index.html) that have no types by nature. attw runs here, in-process,
 * through its core library: one TypeScript load for the five packages instead of a CLI process each.
 */
const ATTW_ENTRYPOINTS: Record<string, string[]> = {
  "@cloud-contract/spec": ["./document", "./model", "./bundled", "./validator", "./openapi.json"],
};
/** The resolutions the esm-only profile leaves out. */
const NOT_A_GOAL = ["node10", "node16-cjs"];

const countsForEsmOnly = (problem: Problem) =>
  !("resolutionKind" in problem) || !NOT_A_GOAL.includes(problem.resolutionKind);

describe.each(PUBLISHED_PACKAGES)("$name as published", ({ name, dir }) => {
  let tarball = "";
  let files: string[] = [];
  const manifest = JSON.parse(readFileSync(workspacePath(dir, "package.json"), "utf8"));
  beforeAll(() => {
    tarball = tarballs.get(name) as string;
    files = tarballFiles(tarball);
  });

  it("passes publint (strict, suggestions included)", async () => {
    const bytes = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: {
        tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      },
      level: "suggestion",
      strict: true,
    });
    expect(messages.map((m) => `${m.type} ${m.code}: ${formatMessage(m, pkg)}`)).toEqual([]);
  });

  it("passes arethetypeswrong with the esm-only profile", async () => {
    const entrypoints = ATTW_ENTRYPOINTS[name];
    const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarball))), {
      ...(entrypoints ? { entrypoints } : {}),
    });
    if (!analysis.types) throw new Error(`attw found no types in ${name}`);
    const problems = analysis.problems.filter(countsForEsmOnly).map((problem) => JSON.stringify(problem));
    expect(problems).toEqual([]);
  });

  it("declares files, exports, types, engines, license and repository, and ships a README", () => {
    expect(manifest.private).not.toBe(true);
    expect(manifest.type).toBe("module");
    expect(Array.isArray(manifest.files) && manifest.files.length > 0).toBe(true);
    expect(manifest.exports).toBeTypeOf("object");
    expect(manifest.exports["./package.json"]).toBe("./package.json");
    // The spec's root is not a module; its code entries (./document, ./model, ./bundled, ./validator) carry the types.
    if (name === "@cloud-contract/spec") {
      expect(manifest.exports["./document"].types).toBeTypeOf("string");
      expect(manifest.exports["./validator"].types).toBeTypeOf("string");
    } else {
      expect(manifest.types).toBeTypeOf("string");
    }
    expect(manifest.engines?.node).toMatch(/^>=20/);
    expect(manifest.license).toBe("MIT");
    expect(manifest.repository?.directory).toBe(dir);
    expect(files).toContain("README.md");
    expect(files).toContain("package.json");
  });

  it("ships what a consumer runs: no unit test, bench or test helper", () => {
    expect(files.length).toBeGreaterThan(1);
    expect(filesNotForConsumers(name, files)).toEqual([]);
  });

  it("leaves no workspace: ranges in the packed manifest", () => {
    const run = spawnSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" });
    const packed = JSON.parse(run.stdout);
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      for (const [dep, range] of Object.entries<string>(packed[field] ?? {})) {
        expect(range, `${field}.${dep}`).not.toMatch(/^workspace:/);
      }
    }
  });
});
