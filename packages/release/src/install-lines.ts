import { readFileSync } from "node:fs";
import { PUBLISHED_PACKAGES } from "./packages.js";
import { workspacePath } from "./workspace.js";

/** An install command the docs print, and the file (relative to the workspace root) that prints it. */
export interface InstallLine {
  source: string;
  line: string;
}

/** A command that installs one of our packages with npm or pnpm. */
const INSTALL = /^(npm (install|i|add)|pnpm (add|install|i)) (.* )?@cloud-contract\/\S/;
const SHELL_FENCE = /^```(sh|shell|bash|console)\s*$/;

/**
 * The install commands of @cloud-contract packages in a markdown text, in order: lines of ```sh blocks, and
 * inline code spans that hold a whole command (`npm install @cloud-contract/client` in a sentence).
 */
export function installLines(markdown: string): string[] {
  const found: string[] = [];
  let inShell = false;
  let inFence = false;
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```")) {
      inShell = !inFence && SHELL_FENCE.test(line);
      inFence = !inFence;
      continue;
    }
    if (inShell) {
      if (INSTALL.test(line)) found.push(line);
      continue;
    }
    if (inFence) continue;
    for (const [, span] of line.matchAll(/`([^`]+)`/g)) {
      if (span !== undefined && INSTALL.test(span.trim())) found.push(span.trim());
    }
  }
  return found;
}

/** The files whose install lines a consumer reads: the docs page's description and every published README. */
export const INSTALL_DOCS = [
  "spec/description.md",
  "README.md",
  ...PUBLISHED_PACKAGES.map((p) => `${p.dir}/README.md`),
] as const;

/** Every install line the docs page and the READMEs print, each line once (first source wins). */
export function docsInstallLines(files: readonly string[] = INSTALL_DOCS): InstallLine[] {
  const seen = new Map<string, InstallLine>();
  for (const source of files) {
    for (const line of installLines(readFileSync(workspacePath(source), "utf8"))) {
      if (!seen.has(line)) seen.set(line, { source, line });
    }
  }
  return [...seen.values()];
}

/** The package manager a line runs (its first word). */
export function installTool(line: string): "npm" | "pnpm" {
  return line.startsWith("pnpm ") ? "pnpm" : "npm";
}

/** The first TypeScript program a new user meets: the first ```ts block of the root README. */
export function firstProgram(): { source: string; program: string } {
  const program = firstTypeScriptBlock(readFileSync(workspacePath("README.md"), "utf8"));
  if (program === undefined) throw new Error("README.md has no ```ts block");
  return { source: "README.md", program };
}

export function firstTypeScriptBlock(markdown: string): string | undefined {
  const match = /^```(ts|typescript)\s*\n([\s\S]*?)^```/m.exec(markdown);
  return match?.[2];
}
