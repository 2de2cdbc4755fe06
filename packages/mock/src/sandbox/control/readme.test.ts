import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadDocument } from "@cloud-contract/spec/document";
import { expect, it } from "vitest";
import { END, renderControlTable, START } from "../../test-support/control-readme.js";
import { controlSpecPath } from "./control-spec-path.js";

const readmePath = fileURLToPath(new URL("../../../README.md", import.meta.url));

// UPDATE_README=1 pnpm exec vitest run src/sandbox/control/readme.test.ts rewrites the section.
it("shows every endpoint of control/openapi.yaml in the README, as generated", () => {
  const readme = readFileSync(readmePath, "utf8");
  expect(readme).toContain(START);
  expect(readme).toContain(END);
  const current = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
  const fresh = renderControlTable(loadDocument(controlSpecPath()));
  if (process.env.UPDATE_README === "1" && current !== fresh)
    writeFileSync(readmePath, readme.replace(current, fresh));
  else expect(current).toBe(fresh);
});
