// The type assertions of a package's source, the measure of the budget every package keeps (6 per 1,000 lines):
// `x as T` and `<T>x` in its `.ts` files that are not tests (`*.test.ts`, `*.test-d.ts`, `test-support/`);
// `as const` is no assertion. TypeScript 5.9's parser reads the files (TypeScript 7 has no JavaScript API).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** The budget: type assertions per 1,000 lines of a package's non-test source. */
export const ASSERTIONS_PER_THOUSAND_LINES = 6;

const isTest = (name) => name.endsWith(".test.ts") || name.endsWith(".test-d.ts");

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sources(path);
    return entry.name.endsWith(".ts") && !isTest(entry.name) ? [path] : [];
  });
}

/** Each `x as T` / `<T>x` of one file's text, as `line: text`. */
function assertionsOf(file, text) {
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
  for (const file of sources(dir)) {
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
