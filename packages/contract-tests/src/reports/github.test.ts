import { expect, it } from "vitest";
import type { TestRecord } from "../summary.js";
import { githubAnnotations } from "./github.js";

const failed = (file: string): TestRecord => ({ name: "getTask > a", file, state: "failed", errors: ["broke"] });

it("points an annotation at a file of the repository, and at none outside it", () => {
  expect(
    githubAnnotations(
      [
        failed("recordings/a.har"),
        failed("@cloud-contract/contract-tests/src/auth.contract.test.ts"),
        failed("/srv/a.har"),
        failed(""),
      ],
      [],
    ),
  ).toEqual([
    "::error file=recordings/a.har,title=getTask > a::broke",
    "::error title=getTask > a::broke",
    "::error title=getTask > a::broke",
    "::error title=getTask > a::broke",
  ]);
});
