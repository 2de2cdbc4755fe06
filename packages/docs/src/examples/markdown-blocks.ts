// The code blocks of a Markdown file that are runnable examples, and the ones marked as not run.
//
// Convention: every fenced block in ts, js, sh, bash or shell is an example and is executed against a
// sandbox. A block that only sets things up (an install command, a suite run, a URL of your own) carries
// the marker line `<!-- not-run: why -->` right above its fence, and the runner lists it as not run
// with that reason. Blocks in other languages (json, text, none) are output or layouts, never run.

export type BlockLanguage = "ts" | "sh";

export interface MarkdownBlock {
  /** `file:line` of the opening fence. */
  where: string;
  language: BlockLanguage;
  code: string;
  /** The reason of a `<!-- not-run: … -->` marker, when the block has one. */
  notRun?: string;
}

const LANGUAGES: Record<string, BlockLanguage> = {
  ts: "ts",
  typescript: "ts",
  js: "ts",
  sh: "sh",
  bash: "sh",
  shell: "sh",
};
const FENCE = /^```([\w-]*)[^\n]*\n([\s\S]*?)^```/gm;
const NOT_RUN = /<!--\s*not-run:\s*(.*?)\s*-->\s*$/;

export interface FencedBlock {
  /** The fence's info string's first word ("" for none). */
  info: string;
  code: string;
  /** Where the opening fence starts in the Markdown. */
  index: number;
}

/** Every fenced code block of `markdown`, whatever its language. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  return [...markdown.matchAll(FENCE)].map((match) => ({
    info: match[1] ?? "",
    code: match[2] ?? "",
    index: match.index,
  }));
}

/** The example blocks of `markdown` (named `file` in the report). */
export function exampleBlocks(file: string, markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const match of fencedBlocks(markdown)) {
    const language = LANGUAGES[match.info.toLowerCase()];
    if (!language) continue;
    const before = markdown.slice(0, match.index).trimEnd();
    const previousLine = before.slice(before.lastIndexOf("\n") + 1);
    const reason = NOT_RUN.exec(previousLine)?.[1];
    const line = markdown.slice(0, match.index).split("\n").length;
    blocks.push({
      where: `${file}:${line}`,
      language,
      code: match.code,
      ...(reason !== undefined ? { notRun: reason || "(no reason given)" } : {}),
    });
  }
  return blocks;
}
