#!/usr/bin/env node
// Counts a package's type assertions (`x as T`, `<T>x`; `as const` is none) against its non-test source lines, so
// that a structure test can hold the package to a budget per 1,000 lines. Usage: node type-assertions.mjs SRC_DIR
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The `.ts` files under `dir` that are not tests, skipping `dist` and `node_modules`. */
export function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "dist" || entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.c?ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The type assertions in one source text. */
export function assertionsIn(text, fileName = "source.ts") {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let count = 0;
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const constant = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "const";
      if (!constant) count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

/** The assertions and lines of every non-test source file under `dir`, with the files that hold assertions. */
export function assertionBudget(dir) {
  let assertions = 0;
  let lines = 0;
  const byFile = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, "utf8");
    const count = assertionsIn(text, file);
    assertions += count;
    lines += text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (count > 0) byFile.push({ file: relative(dir, file), count });
  }
  byFile.sort((a, b) => b.count - a.count);
  return { assertions, lines, perThousand: (assertions * 1000) / Math.max(1, lines), byFile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write("Usage: node scripts/type-assertions.mjs SRC_DIR\n");
    process.exit(2);
  }
  const budget = assertionBudget(dir);
  for (const { file, count } of budget.byFile)
    process.stdout.write(`${String(count).padStart(4)}  ${file}\n`);
  process.stdout.write(
    `${budget.assertions} assertions in ${budget.lines} lines: ${budget.perThousand.toFixed(2)} per 1,000\n`,
  );
}
