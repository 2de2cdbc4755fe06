#!/usr/bin/env node
// The type assertions of a package's source, the measure of the budget every package keeps (6 per 1,000 lines):
// `x as T` and `<T>x` in its `.ts` files that are not tests (`*.test.ts`, `*.test-d.ts`, `test-support/`);
// `as const` is no assertion. TypeScript 5.9's parser reads the files (TypeScript 7 has no JavaScript API).
// Usage: node scripts/type-assertions.mjs DIR   (prints each assertion's place and the count against the budget)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The budget: type assertions per 1,000 lines of a package's non-test source. */
export const ASSERTIONS_PER_THOUSAND_LINES = 6;

const isTest = (name) => name.endsWith(".test.ts") || name.endsWith(".test-d.ts");
const SKIPPED_FOLDERS = new Set(["test-support", "dist", "node_modules"]);

/** The non-test `.ts` files under `dir` (not under `test-support/`, `dist/` or `node_modules/`). */
export function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") && !isTest(entry.name) ? [path] : [];
  });
}

/** Each `x as T` / `<T>x` of one file's text, as `line: text`. */
export function assertionsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const constant = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "const";
      if (!constant) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${line + 1}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 100)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The assertions and lines of the non-test `.ts` files under `dir`, and each assertion's place. */
export function typeAssertions(dir) {
  let lines = 0;
  const places = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, "utf8");
    lines += text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    for (const found of assertionsOf(file, text)) places.push(`${relative(dir, file)}:${found}`);
  }
  return { assertions: places.length, lines, places };
}

/** The package's count against the budget: `allowed` is what its lines permit. */
export function assertionBudget(dir) {
  const counted = typeAssertions(dir);
  return { ...counted, allowed: Math.floor((counted.lines * ASSERTIONS_PER_THOUSAND_LINES) / 1_000) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir || dir.startsWith("-")) {
    process.stdout.write("Usage: node scripts/type-assertions.mjs DIR\n");
    process.exit(dir === "--help" || dir === "-h" ? 0 : 2);
  }
  const budget = assertionBudget(dir);
  for (const place of budget.places) process.stdout.write(`${place}\n`);
  process.stdout.write(
    `${budget.assertions} type assertions in ${budget.lines} lines (${budget.allowed} allowed at ${ASSERTIONS_PER_THOUSAND_LINES} per 1,000)\n`,
  );
}
