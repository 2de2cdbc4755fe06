import { describe, expect, it } from "vitest";
import { firstTypeScriptBlock, installLines, installTool } from "./install-lines.js";

describe("installLines", () => {
  it("takes install commands of our packages from shell blocks and from inline code spans", () => {
    const markdown = [
      "The client (`npm install @cloud-contract/client`, in an ES module project):",
      "",
      "<!-- not-run: setup -->",
      "```sh",
      "pnpm add @cloud-contract/client",
      "npm install --save-dev @cloud-contract/mock @stoplight/prism-cli@5.14.2",
      "npm install left-pad",
      "pnpm install && pnpm sandbox",
      "```",
      "",
      "```ts",
      "// npm install @cloud-contract/types",
      "```",
      "",
      "Prism (`npm install --save-dev @stoplight/prism-cli@5.14.2`) is optional; `npm install` alone too.",
    ].join("\n");
    expect(installLines(markdown)).toEqual([
      "npm install @cloud-contract/client",
      "pnpm add @cloud-contract/client",
      "npm install --save-dev @cloud-contract/mock @stoplight/prism-cli@5.14.2",
    ]);
  });

  it("finds nothing in a text without install lines", () => {
    expect(installLines("```sh\ncurl http://127.0.0.1:4011/\n```\n")).toEqual([]);
  });

  it("names the package manager of a line", () => {
    expect(installTool("pnpm add @cloud-contract/client")).toBe("pnpm");
    expect(installTool("npm i @cloud-contract/client")).toBe("npm");
  });
});

describe("firstTypeScriptBlock", () => {
  it("returns the body of the first ts block, not a later one nor a sh block", () => {
    const markdown = "```sh\nls\n```\n\n```ts\nconsole.log(1);\n```\n\n```ts\nconsole.log(2);\n```\n";
    expect(firstTypeScriptBlock(markdown)).toBe("console.log(1);\n");
  });

  it("returns undefined without one", () => {
    expect(firstTypeScriptBlock("# title\n\n```sh\nls\n```\n")).toBeUndefined();
  });
});
