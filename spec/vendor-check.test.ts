// vendor-check: PUBLIC-REFERENCE.md's checkable rows, each check against a vendor file, the spec's vocabulary matched
// against the vendor's, and the command's exit codes on a vendor folder that says something else.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkRow,
  counterparts,
  readRows,
  readUnmatched,
  specVocabulary,
} from "./scripts/vendor-check-lib.mjs";

const script = fileURLToPath(new URL("./scripts/vendor-check.mjs", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "vendor-check-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const VENDOR = {
  openapi: "3.1.0",
  components: {
    schemas: {
      Tag: {
        type: "object",
        required: ["key"],
        properties: { key: { type: "string", pattern: "^k$" }, ref: { $ref: "#/components/schemas/Value" } },
      },
      Value: { anyOf: [{ type: "string", enum: ["a", "b"] }, { type: "null" }] },
    },
  },
};
const files = new Map([["cloud_api.yaml", VENDOR]]);
const row = (pointer: string, check: string) => ({ line: 1, file: "cloud_api.yaml", pointer, check });

describe("checkRow", () => {
  it.each([
    ["/components/schemas/Tag", "exists", undefined],
    ["/components/schemas/Nope", "exists", "the pointer does not resolve"],
    ["/components/schemas/Tag/properties/key", "has pattern", undefined],
    ["/components/schemas/Tag/properties/key", "no pattern", "it has pattern"],
    ["/components/schemas/Tag/properties/key", "no format", undefined],
    ["/components/schemas/Tag", "required key", undefined],
    ["/components/schemas/Tag", "not required key", "key required"],
    ["/components/schemas/Tag/properties/ref", "enum a, b", undefined],
    ["/components/schemas/Tag/properties/ref", "enum a", "its enum is a, b"],
    ["/components/schemas/Tag", "sideways", 'unknown check "sideways"'],
  ])("%s %s → %s", (pointer, check, problem) => expect(checkRow(row(pointer, check), files)).toBe(problem));
});

it("reads the rows and the No counterpart table", () => {
  const readme = [
    "| a | `cloud_api.yaml#/components/schemas/Tag` required key; `cloud_api.yaml#/components/schemas/Value` exists | c |",
    "## No counterpart",
    "| Item | Reason |",
    "| `pattern ^(a\\|b)$` | why |",
  ].join("\n");
  expect(readRows(readme)).toEqual([
    { line: 1, file: "cloud_api.yaml", pointer: "/components/schemas/Tag", check: "required key" },
    { line: 1, file: "cloud_api.yaml", pointer: "/components/schemas/Value", check: "exists" },
  ]);
  expect(readUnmatched(readme)).toEqual(new Set(["pattern ^(a|b)$"]));
});

it("names what the spec states and what the vendor's files name", () => {
  const spec = {
    paths: {},
    components: { schemas: { T: { properties: { key: { pattern: "^k$" }, kind: { enum: ["a", "z"] } } } } },
  };
  const known = counterparts(files, "the seed names z");
  const missing = specVocabulary(spec).filter((item: string) => !known.has(item));
  expect(specVocabulary(spec)).toEqual([
    "enum value a",
    "enum value z",
    "pattern ^k$",
    "property key",
    "property kind",
  ]);
  expect(missing).toEqual(["property kind"]);
});

describe("the command", () => {
  it("exits 2 with one line when the folder holds no vendor files", () => {
    const run = spawnSync(process.execPath, [script, work], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`vendor-check: ${work} holds no *.yaml files\n`);
  });

  it("exits 1 and prints each row that no longer holds when the vendor's files say otherwise", () => {
    writeFileSync(join(work, "cloud_api.yaml"), "openapi: 3.1.0\ncomponents:\n  schemas: {}\n");
    const run = spawnSync(process.execPath, [script, work], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^no longer holds: PUBLIC-REFERENCE\.md line \d+: cloud_api\.yaml#\/components\/schemas\/TaskSerializer\/properties\/created_on no format: the pointer does not resolve$/m,
    );
    expect(run.stdout).toMatch(
      /no longer holds: PUBLIC-REFERENCE\.md line \d+: cdn_api\.yaml#.* no vendor file cdn_api\.yaml$/m,
    );
  });

  it("needs a folder", () => {
    expect(() => execFileSync(process.execPath, [script], { stdio: "pipe" })).toThrow(
      /usage: vendor-check DIR/,
    );
  });
});
