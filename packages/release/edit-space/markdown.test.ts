import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EDIT_SPACE_FILE, editSpaceMarkdown, UPDATE_COMMAND } from "./markdown.js";

const file = new URL(`../${EDIT_SPACE_FILE}`, import.meta.url);

describe(EDIT_SPACE_FILE, () => {
  it(`is what table.ts says (${UPDATE_COMMAND} rewrites it)`, () => {
    const fresh = editSpaceMarkdown();
    if (process.env.UPDATE_EDIT_SPACE === "1") writeFileSync(file, fresh);
    expect(readFileSync(file, "utf8"), `stale: run ${UPDATE_COMMAND}`).toBe(fresh);
  });
});
