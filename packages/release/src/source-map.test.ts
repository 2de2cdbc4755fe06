import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceLocator } from "./source-map.js";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const specDir = join(repoRoot, "spec");
const locate = sourceLocator(specDir);

/** The 1-based line of the first line of `file` that matches. */
function lineOf(file: string, pattern: RegExp): number {
  return (
    readFileSync(join(repoRoot, file), "utf8")
      .split("\n")
      .findIndex((l) => pattern.test(l)) + 1
  );
}

describe("sourceLocator on the repository's spec", () => {
  it.each([
    {
      pointer: "/paths/~1cloud~1v1~1tasks~1{task_id}/get/operationId",
      file: "spec/paths/cloud_v1_tasks_{task_id}.yaml",
      line: /^ {2}operationId: getTask/,
    },
    {
      pointer: "/components/schemas/Task/properties/state",
      file: "spec/components/schemas/Task.yaml",
      line: /^ {2}state:/,
    },
    {
      pointer: "/components/securitySchemes/ApiKey/name",
      file: "spec/components/securitySchemes/ApiKey.yaml",
      line: /^name:/,
    },
    { pointer: "/security", file: "spec/openapi.yaml", line: /^security:/ },
  ])("$pointer → $file", ({ pointer, file, line }) => {
    const expected = lineOf(file, line);
    expect(expected).toBeGreaterThan(0);
    expect(locate(pointer)).toEqual({ file, line: expected });
  });

  it("stops a pointer the source does not have at its deepest written ancestor", () => {
    const at = locate("/components/schemas/Task/properties/no_such_field/type");
    expect(at).toEqual({
      file: "spec/components/schemas/Task.yaml",
      line: lineOf("spec/components/schemas/Task.yaml", /^properties:/),
    });
  });
});
