// What a reader sees of the page, read in Chromium: the visible text that still shows Markdown syntax
// (backticks, code fences) and the code blocks rendered from descriptions. Redoc folds schemas, responses and
// variants away and renders sections lazily, so a part is opened fully before it is read.

import type { Locator } from "playwright-core";
import { fencedBlocks } from "./examples/markdown-blocks.js";

export interface RenderedText {
  /** Visible text outside code blocks that shows a backtick, as `TAG: text`. */
  rawBackticks: string[];
  /** Visible text anywhere (code blocks too) that shows a literal fence. */
  literalFences: string[];
  /** The text of each code block rendered from a description's Markdown, trimmed. */
  markdownBlocks: string[];
  /** How many tabs were clicked through. */
  tabs: number;
}

/**
 * Reads what the page shows. With `open`, it first unfolds every schema, property and security panel under
 * `root`, then clicks through each of its tabs (response statuses, `oneOf` variants), reading after each.
 */
export function readRendered(root: Locator, { open }: { open: boolean }): Promise<RenderedText> {
  return root.evaluate(
    async (element, { open }) => {
      const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
      const rawBackticks = new Set<string>();
      const literalFences = new Set<string>();
      const markdownBlocks = new Set<string>();
      const read = () => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          const parent = node.parentElement;
          if (!text.includes("`") || !parent || parent.closest("script, style, noscript, template")) continue;
          if (!parent.checkVisibility()) continue;
          const shown = `${parent.tagName}: ${text.trim().slice(0, 200)}`;
          if (text.includes("```")) literalFences.add(shown);
          if (!parent.closest("pre, code")) rawBackticks.add(shown);
        }
        for (const pre of document.querySelectorAll('[data-component-name="Markdown/Markdown"] pre'))
          markdownBlocks.add((pre.textContent ?? "").trim());
      };
      const unfold = async () => {
        for (let round = 0; round < 20; round++) {
          const folded = [...element.querySelectorAll("button")].filter(
            (button) =>
              button.checkVisibility() &&
              /^(\+\s*Show\b|Show\b|Expand all$)/.test(button.textContent?.trim() ?? ""),
          );
          if (folded.length === 0) return;
          for (const button of folded) button.click();
          await sleep(50);
        }
      };
      if (open) {
        // The security panel opens beside the section: hence reading the whole page.
        for (const button of element.querySelectorAll("button"))
          if (button.textContent?.trim() === "View security details") button.click();
        await unfold();
      }
      read();
      // Each tab once (a tab is known by its id and label); tabs that appear after a click come next.
      const clicked = new Set<string>();
      if (open) {
        for (let clicks = 0; clicks < 200; clicks++) {
          const tab = [...element.querySelectorAll<HTMLElement>('[role="tab"]')].find(
            (t) => t.checkVisibility() && !clicked.has(`${t.id}|${t.textContent}`),
          );
          if (!tab) break;
          clicked.add(`${tab.id}|${tab.textContent}`);
          tab.click();
          await sleep(50);
          await unfold();
          read();
        }
      }
      return {
        rawBackticks: [...rawBackticks],
        literalFences: [...literalFences],
        markdownBlocks: [...markdownBlocks],
        tabs: clicked.size,
      };
    },
    { open },
  );
}

/** The fenced code blocks of every `description` in `node` (a spec or a part of it), each trimmed. */
export function descriptionFences(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptionFences);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "description" && typeof value === "string"
      ? fencedBlocks(value).map((block) => block.code.trim())
      : descriptionFences(value),
  );
}
