// The README's examples are the files in examples/, so that they never go stale: this test holds the README's
// code blocks equal to the files and compiles the files against the package (as `typecheck` does too).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(`${root}README.md`, "utf8");
const exampleFiles = readdirSync(`${root}examples`)
  .filter((name) => name.endsWith(".ts"))
  .map((name) => `examples/${name}`);

/** `<!-- example: examples/x.ts -->` followed by a ```ts block → { file, code }. */
const embedded = [...readme.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((m) => ({
  file: m[1] ?? "",
  code: m[2] ?? "",
}));

describe("README examples", () => {
  it("embeds every example file exactly once", () => {
    expect(embedded.map((e) => e.file).sort()).toEqual([...exampleFiles].sort());
  });

  it.each(embedded)("shows $file as it is", ({ file, code }) => {
    expect(code).toBe(readFileSync(`${root}${file}`, "utf8"));
  });

  it("has a quick start of at most 10 lines", () => {
    const quickStart = readFileSync(`${root}examples/quick-start.ts`, "utf8").trimEnd().split("\n");
    expect(quickStart.length).toBeLessThanOrEqual(10);
  });

  it("has no code block that is not an example file, except the install command", () => {
    const blocks = [...readme.matchAll(/```(\w*)\n/g)].filter((_, i) => i % 2 === 0).map((m) => m[1]);
    expect(blocks.filter((lang) => lang === "ts")).toHaveLength(embedded.length);
    expect(blocks.filter((lang) => lang !== "ts")).toEqual(["sh"]);
  });

  it("compiles the examples against the package without errors", () => {
    // The package's own tsconfig (it includes examples/), with the compiler the typecheck target runs.
    const tsc = join(dirname(require.resolve("typescript-7/package.json")), "bin", "tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json", "--noEmit", "--pretty", "false"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(`${run.stdout}${run.stderr}`).toBe("");
    expect(run.status).toBe(0);
  });
});
