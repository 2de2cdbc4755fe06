import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The package's TypeScript that is not a test: the gate's source and the edit tables. */
function nonTestSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return nonTestSources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The type assertions of a file (`x as T`, `<T>x`), `as const` aside, by line. */
function assertionLines(file: string): number[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    const asserted = ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);
    if (asserted && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "const"))
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

it("keeps its type assertions to at most 6 per 1,000 lines (tests aside)", () => {
  const files = [...nonTestSources(join(root, "src")), ...nonTestSources(join(root, "edit-space"))];
  const lineCount = files.reduce((sum, file) => sum + readFileSync(file, "utf8").split("\n").length, 0);
  const assertions = files.flatMap((file) =>
    assertionLines(file).map((line) => `${relative(root, file)}:${line}`),
  );
  expect(lineCount).toBeGreaterThan(1000);
  expect({ perThousand: (assertions.length * 1000) / lineCount <= 6, assertions }).toMatchObject({
    perThousand: true,
  });
});

it("counts `x as T` and `<T>x` but not `as const`", () => {
  const folder = mkdtempSync(join(tmpdir(), "assertions-"));
  try {
    const file = join(folder, "sample.ts");
    writeFileSync(file, "const a = b as string;\nconst c = <number>d;\nconst e = [1] as const;\n");
    expect(assertionLines(file)).toEqual([1, 2]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
