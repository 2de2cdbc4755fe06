// The docs build joins the hard-wrapped lines of description paragraphs (docs/plugins/descriptions.js); every
// other Markdown block must keep its lines, or the page renders it wrong.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unwrapParagraphs } from "./docs/plugins/descriptions.js";

describe("unwrapParagraphs", () => {
  it("joins the lines of a paragraph with a space", () => {
    expect(unwrapParagraphs("the quotas of the\nproject in the region.\n\nNext one.")).toBe(
      "the quotas of the project in the region.\n\nNext one.",
    );
  });

  it.each([
    ["a code fence after a paragraph line", "Run it:\n```sh\npnpm sandbox\n```\nthen go on."],
    ["a marker line above a fence", "<!-- not-run: setup -->\n```sh\npnpm install\n```"],
    ["a marker line above a paragraph", "<!-- a note -->\nText after it."],
    ["the lines inside a fence", "```ts\nconst a = 1;\nconst b = 2;\n```"],
    ["a list", "Fields:\n- one\n- two\n1. three"],
    ["a table", "| a | b |\n|---|---|\n| 1 | 2 |"],
    ["a heading and a quote", "## Title\n> quoted"],
  ])("keeps %s", (_, markdown) => {
    const out = unwrapParagraphs(markdown);
    for (const line of markdown.split("\n").filter((l) => /^(```|<!--|- |\||#|>|\d+\. |const )/.test(l)))
      expect(out.split("\n"), line).toContain(line);
  });

  it("keeps the introduction's not-run marker on a line of its own, right above its fence", () => {
    const intro = readFileSync(new URL("./description.md", import.meta.url), "utf8");
    const out = unwrapParagraphs(intro);
    const markers = intro.match(/^<!-- not-run:.*-->\n```\w*$/gm) ?? [];
    expect(markers.length).toBeGreaterThan(0);
    for (const marker of markers) expect(out).toContain(`\n${marker}\n`);
  });
});
