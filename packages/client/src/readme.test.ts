// The README's examples are the files in examples/, so that they never go stale: this test holds the README's
// code blocks equal to the files and compiles the files against the package (as `typecheck` does too).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

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
    const config = ts.getParsedCommandLineOfConfigFile(
      `${root}tsconfig.json`,
      { noEmit: true },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
        },
      },
    );
    if (!config) throw new Error("tsconfig.json could not be read");
    const program = ts.createProgram(
      exampleFiles.map((f) => `${root}${f}`),
      config.options,
    );
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : "";
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  }, 60_000);
});
