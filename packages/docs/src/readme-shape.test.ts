// The READMEs stay guides: the root one at most 120 lines, each package's at most 300, and no timing figure (a
// measured duration, throughput or CPU cost) in a README, config or source comment: figures live in BENCHMARKS.md.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const DURATION = String.raw`\d[\d.,\u202f]*(?:\s?[–-]\s?\d[\d.,]*)?\s?(?:µs|us|ms|s|sec|seconds|min|minutes)\b`;

/**
 * Phrases that report a measurement (the test cases below show each). A documented setting, such as a
 * timeout, a delay option or a default, names no comparison, no CPU and no rate, so none of these match it.
 */
const TIMING_FIGURE_PATTERNS: readonly RegExp[] = [
  // a verb of measuring, then a duration
  new RegExp(
    String.raw`\b(?:took|takes|taking|cost|costs|costing|spent|spends|saved|saves)\b[^.;:\n]{0,40}?${DURATION}`,
    "i",
  ),
  // a comparison, then a duration
  new RegExp(String.raw`\b(?:instead of|against|compared with)\s+(?:about\s+)?${DURATION}`, "i"),
  // a duration of CPU, of loading or of a start
  new RegExp(String.raw`${DURATION}\s+(?:of\s+)?(?:CPU|loading|start-up|startup)\b`, "i"),
  // a duration that went from one figure to another
  new RegExp(String.raw`\bfrom\s+(?:about\s+)?${DURATION}\s+to\s+\d`, "i"),
  // a duration gained or lost
  new RegExp(String.raw`${DURATION}\s+(?:more|less|sooner|faster|slower)\b`, "i"),
  // minutes and seconds of a run
  /\b\d+\s?m\s\d+\s?s\b/,
  // core-seconds
  /\bcore-s\b/i,
  // a rate per second
  /\d[\d.,\u202f ]*\s?(?:[a-z]+\s)?(?:req|reqs|requests|commits|creates|exchanges|sequences|calls|ops)\/s\b/i,
  // a latency percentile
  new RegExp(String.raw`\bp(?:50|90|95|99|999)\b[^.;\n]{0,25}?${DURATION}`, "i"),
  // a speed-up factor
  /\d(?:[\d.]*)\s?[x×]\s+(?:faster|slower|quicker|as fast)\b/i,
  /[x×]\s?\d[\d.]*\s+(?:faster|slower)\b/i,
  // a share gained or lost
  /\d+(?:\.\d+)?\s?%\s+(?:less|more|faster|slower|fewer)\b/i,
];

/** The first timing figure in `text`, or undefined. */
function findTimingFigure(text: string): string | undefined {
  for (const pattern of TIMING_FIGURE_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

interface Finding {
  /** `path:line`, relative to the repository root. */
  where: string;
  figure: string;
}

/** Every line of `text` (a Markdown or config file, `path` relative) that holds a timing figure. */
function figuresInText(path: string, text: string, firstLine = 1): Finding[] {
  return text.split("\n").flatMap((line, index) => {
    const figure = findTimingFigure(line);
    return figure ? [{ where: `${path}:${firstLine + index}`, figure }] : [];
  });
}

const { SyntaxKind } = ts;
/** Keywords after which a `/` starts a regular expression rather than a division. */
const BEFORE_AN_OPERAND = new Set([
  SyntaxKind.ReturnKeyword,
  SyntaxKind.TypeOfKeyword,
  SyntaxKind.InstanceOfKeyword,
  SyntaxKind.InKeyword,
  SyntaxKind.OfKeyword,
  SyntaxKind.NewKeyword,
  SyntaxKind.DeleteKeyword,
  SyntaxKind.VoidKeyword,
  SyntaxKind.ThrowKeyword,
  SyntaxKind.CaseKeyword,
  SyntaxKind.DoKeyword,
  SyntaxKind.ElseKeyword,
  SyntaxKind.YieldKeyword,
  SyntaxKind.AwaitKeyword,
]);
/** Punctuation that ends an operand: a `/` after it divides. */
const AFTER_AN_OPERAND = new Set([
  SyntaxKind.CloseParenToken,
  SyntaxKind.CloseBracketToken,
  SyntaxKind.CloseBraceToken,
  SyntaxKind.PlusPlusToken,
  SyntaxKind.MinusMinusToken,
]);

/** Whether a `/` after the token `previous` (itself after `beforeIt`) starts a regular expression. */
function startsRegExp(previous: ts.SyntaxKind, beforeIt: ts.SyntaxKind): boolean {
  // A keyword after `.` is a property name (`x.default / 2`).
  if (beforeIt === SyntaxKind.DotToken || beforeIt === SyntaxKind.QuestionDotToken) return false;
  if (previous === SyntaxKind.Unknown || BEFORE_AN_OPERAND.has(previous)) return true;
  return (
    previous >= SyntaxKind.FirstPunctuation &&
    previous <= SyntaxKind.LastPunctuation &&
    !AFTER_AN_OPERAND.has(previous)
  );
}

/**
 * Every comment of a JavaScript or TypeScript source, with the line it starts on. TypeScript's scanner reads
 * the tokens (a parse would cost far more); what only the grammar knows, it is told: where a `}` resumes a
 * template literal and where a `/` starts a regular expression.
 */
function comments(source: string, fileName: string): { line: number; text: string }[] {
  const variant = /\.(?:tsx|jsx)$/.test(fileName) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, source);
  const found: { line: number; text: string }[] = [];
  /** The brace depth at which each open template substitution (`${`) began. */
  const substitutions: number[] = [];
  let depth = 0;
  let [previous, beforeIt] = [SyntaxKind.Unknown, SyntaxKind.Unknown];
  let [line, counted] = [1, 0];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === SyntaxKind.SingleLineCommentTrivia || kind === SyntaxKind.MultiLineCommentTrivia) {
      const start = scanner.getTokenStart();
      line += source.slice(counted, start).match(/\r\n?|[\n\u2028\u2029]/g)?.length ?? 0;
      counted = start;
      found.push({ line, text: scanner.getTokenText() });
      continue;
    }
    if (
      kind === SyntaxKind.WhitespaceTrivia ||
      kind === SyntaxKind.NewLineTrivia ||
      kind === SyntaxKind.ShebangTrivia ||
      kind === SyntaxKind.ConflictMarkerTrivia
    )
      continue;
    if (kind === SyntaxKind.OpenBraceToken) depth++;
    else if (kind === SyntaxKind.TemplateHead) substitutions.push(depth);
    else if (kind === SyntaxKind.CloseBraceToken && substitutions.at(-1) === depth) {
      substitutions.pop();
      kind = scanner.reScanTemplateToken(false);
      if (kind === SyntaxKind.TemplateMiddle) substitutions.push(depth);
    } else if (kind === SyntaxKind.CloseBraceToken) depth--;
    else if (
      (kind === SyntaxKind.SlashToken || kind === SyntaxKind.SlashEqualsToken) &&
      startsRegExp(previous, beforeIt)
    )
      kind = scanner.reScanSlashToken();
    [previous, beforeIt] = [kind, previous];
  }
  return found;
}

/** The timing figures in the comments of a source file. */
function figuresInComments(path: string, source: string): Finding[] {
  return comments(source, path).flatMap(({ line, text }) => figuresInText(path, text, line));
}

const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "dist",
  ".nx",
  "reports",
  "coverage",
  ".git",
  ".readme-run",
]);
const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/** Files under `dir` (relative to `root`) whose names pass `keep`, outside build output and dependencies. */
function walk(root: string, dir: string, keep: (name: string) => boolean): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    if (SKIPPED_FOLDERS.has(name) || name.startsWith(".sandbox")) return [];
    const path = join(full, name);
    if (statSync(path).isDirectory()) return walk(root, relative(root, path), keep);
    return keep(name) ? [relative(root, path)] : [];
  });
}

/** The projects of the workspace: the spec and every package. */
function projects(root: string): string[] {
  return ["spec", ...readdirSync(join(root, "packages")).map((name) => `packages/${name}`)];
}

/** Markdown a reader meets: every README, and the contributor's page. BENCHMARKS.md is where figures live. */
function readerPages(root: string): string[] {
  const readmes = ["", ...projects(root), "spec/docs"].map((dir) => join(dir, "README.md"));
  return [...readmes, "CONTRIBUTING.md"].filter((path) => existsSync(join(root, path)));
}

/** Config files: nx.json, .ci/run, every package.json, every vitest config. */
function configFiles(root: string): string[] {
  const dirs = ["", ...projects(root)];
  return dirs.flatMap((dir) =>
    [
      ...(dir === "" ? ["nx.json", ".ci/run"] : []),
      "package.json",
      ...readdirSync(join(root, dir)).filter((name) => /^vitest\..*ts$/.test(name)),
    ]
      .map((name) => join(dir, name))
      .filter((path) => existsSync(join(root, path))),
  );
}

/** Every JavaScript and TypeScript source of the repository (tests, scripts and benches included). */
function sourceFiles(root: string): string[] {
  const dirs = ["scripts", ...projects(root)];
  return dirs.flatMap((dir) => walk(root, dir, (name) => SOURCE.test(name) && !/^vitest\..*ts$/.test(name)));
}

/** Every timing figure in the repository outside BENCHMARKS.md. */
function timingFiguresOutsideBenchmarks(root: string): Finding[] {
  const read = (path: string) => readFileSync(join(root, path), "utf8");
  return [
    ...readerPages(root).flatMap((path) => figuresInText(path, read(path))),
    ...configFiles(root).flatMap((path) =>
      SOURCE.test(path) ? figuresInComments(path, read(path)) : figuresInText(path, read(path)),
    ),
    ...sourceFiles(root).flatMap((path) => figuresInComments(path, read(path))),
  ];
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const lineCount = (path: string) => readFileSync(join(ROOT, path), "utf8").trimEnd().split("\n").length;

describe("the READMEs are guides", () => {
  it("keeps the root README within 120 lines", () => {
    expect(lineCount("README.md")).toBeLessThanOrEqual(120);
  });

  it("keeps every package README within 300 lines", () => {
    const readmes = readerPages(ROOT).filter((path) => path !== "README.md" && path !== "CONTRIBUTING.md");
    expect(readmes.length).toBeGreaterThanOrEqual(7);
    const long = readmes
      .filter((path) => lineCount(path) > 300)
      .map((path) => `${path}: ${lineCount(path)} lines`);
    expect(long).toEqual([]);
  });

  it("has the benchmarks' figures in BENCHMARKS.md", () => {
    expect(findTimingFigure(readFileSync(join(ROOT, "BENCHMARKS.md"), "utf8"))).toBeDefined();
  });
});

describe("timing figures", () => {
  it.each([
    "it took 15 s instead of 28 s without them",
    "6 m 22 s and 6 m 03 s on Node 20",
    "(677 s and 647 s of CPU)",
    "about 115 s of CPU with TypeScript 5.9",
    "17 core-s per run",
    "sandbox 4 809 req/s against 1 128",
    "1,030 generated requests/s",
    "p99 10 ms at c=32",
    "3x faster than Prism",
    "11 % less CPU",
    "the first builds start 2.4 s sooner",
    "0.09 s instead of 0.45 s",
    "the CPU per GET from 111–140 µs to 69–103 µs",
    "they cost 130 ms of loading",
  ])("are found in %j", (text) => {
    expect(findTimingFigure(text)).toBeDefined();
  });

  it.each([
    "a 30 s timeout",
    "the idle client is let go (5 s later)",
    "--task-delay 2000",
    "timeoutMs (default 60000)",
    "`maxRetryAfterMs` (default 60 s)",
    "tasks finish after 200 ms",
    "20 % tax; project 1 has 10 % off the flavor",
    "200 tenants at once, then ten more per second",
    "pages of up to 1000",
    "the loop never held over 50 ms at the limit",
  ])("are not settings such as %j", (text) => {
    expect(findTimingFigure(text)).toBeUndefined();
  });

  it("are read from comments only, in sources", () => {
    const source = [
      "// took 15 s before",
      'const text = "took 15 s"; /* 3x faster */',
      "const url = `http://x//y $" + "{1} took 9 s`;",
    ].join("\n");
    expect(figuresInComments("a.ts", source)).toEqual([
      { where: "a.ts:1", figure: "took 15 s" },
      { where: "a.ts:2", figure: "3x faster" },
    ]);
  });

  it("appear in no README, config or comment outside BENCHMARKS.md", () => {
    const sources = sourceFiles(ROOT);
    expect(sources.length).toBeGreaterThan(200);
    expect(configFiles(ROOT)).toContain("nx.json");
    const findings = timingFiguresOutsideBenchmarks(ROOT).map((f) => `${f.where}: ${f.figure}`);
    expect(findings).toEqual([]);
  });
});

describe("the scan of a repository", () => {
  it("names every README, config and comment that holds a timing figure, and skips BENCHMARKS.md", () => {
    const root = mkdtempSync(join(tmpdir(), "readme-shape-"));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      write("BENCHMARKS.md", "The suite took 15 s instead of 28 s.\n");
      write("README.md", "# x\n\nStart it: it took 4 m 50 s.\n");
      write("CONTRIBUTING.md", "Two workers: 11 % less CPU.\n");
      write("nx.json", "{}\n");
      write("spec/README.md", "Tasks finish after 200 ms.\n");
      write("packages/a/README.md", "A timeout of 30 s.\n");
      write("packages/a/package.json", '{ "description": "a server at 4 809 req/s" }\n');
      write("packages/a/vitest.config.ts", "// one graph per worker: 12 s of CPU\nexport default {};\n");
      write("packages/a/src/x.ts", 'const note = "took 15 s";\n// p99 10 ms here\nexport { note };\n');
      write("packages/a/dist/x.js", "// took 15 s\n");
      write("scripts/y.mjs", "#!/usr/bin/env node\n/* 3x faster */\n");
      const found = timingFiguresOutsideBenchmarks(root).map((f) => f.where);
      expect(found.sort()).toEqual(
        [
          "README.md:3",
          "CONTRIBUTING.md:1",
          "packages/a/package.json:1",
          "packages/a/vitest.config.ts:1",
          "packages/a/src/x.ts:2",
          "scripts/y.mjs:2",
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
