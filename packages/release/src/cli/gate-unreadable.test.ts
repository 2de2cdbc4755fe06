import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gate, workspace, write } from "../test-support/workspace.js";

/** A released spec with one operation whose answer is a `Task`. */
function released() {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/a/{x}": {
        get: {
          operationId: "getA",
          parameters: [{ name: "x", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Task" } } },
            },
          },
        },
      },
    },
    components: {
      schemas: { Task: { type: "object", properties: { id: { type: "string" } } } } as Record<
        string,
        unknown
      >,
    },
  };
}
type Doc = ReturnType<typeof released>;
const schemas = (doc: Doc) => doc.components.schemas;
const answer = (doc: Doc) => doc.paths["/a/{x}"].get.responses["200"].content["application/json"];

/** A schema nested `depth` levels deep under `properties.next`. */
function deep(depth: number): unknown {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { next: schema } };
  return schema;
}

const CASES: Array<[string, (doc: Doc) => void, RegExp]> = [
  [
    "a cycle of $refs",
    (doc) => {
      schemas(doc).Task = { $ref: "#/components/schemas/Other" };
      schemas(doc).Other = { $ref: "#/components/schemas/Task" };
    },
    /cyclic \$ref: .*\/components\/schemas\/Task.* never reaches a value$/,
  ],
  [
    "an allOf that refers to itself",
    (doc) => {
      schemas(doc).Task = { allOf: [{ $ref: "#/components/schemas/Task" }, { type: "object" }] };
    },
    /cyclic \$ref: \/components\/schemas\/Task → \/components\/schemas\/Task\/allOf → .* never reaches a value$/,
  ],
  [
    "a $ref to nothing, in a request body",
    (doc) => {
      (doc.paths["/a/{x}"].get as Record<string, unknown>).requestBody = {
        content: { "application/json": { schema: { $ref: "#/components/schemas/Missing" } } },
      };
    },
    /\$ref #\/components\/schemas\/Missing at \/paths\/~1a~1\{x\}\/get\/requestBody\/content\/application~1json\/schema points at nothing$/,
  ],
  [
    "a $ref outside the bundle",
    (doc) => {
      answer(doc).schema = { $ref: "./schemas/Task.yaml" };
    },
    /\$ref \.\/schemas\/Task\.yaml at \/paths\/.*\/schema points outside the bundle$/,
  ],
  [
    "a schema 500 levels deep",
    (doc) => {
      schemas(doc).Task = deep(500);
    },
    /nesting deeper than 200 levels at \/components\/schemas\/Task\/properties\/next\S*…\S*\/properties$/,
  ],
  [
    "a pattern no regular expression engine reads",
    (doc) => {
      schemas(doc).Task = { type: "object", properties: { id: { type: "string", pattern: "^(a" } } };
    },
    /the schema at \/components\/schemas\/Task\/properties\/id\/pattern cannot be compiled: .*$/,
  ],
  [
    "two paths of one identity",
    (doc) => {
      (doc.paths as Record<string, unknown>)["/a/{y}"] = {
        delete: { responses: { "204": { description: "gone" } } },
      };
    },
    /paths \/a\/\{x\} and \/a\/\{y\} are one path \(they differ only in parameter names\)$/,
  ],
];

describe("a spec the gate cannot read", () => {
  it.each(CASES)("%s: exit 2, one line naming the place, no verdict", async (_, edit, line) => {
    const doc = released();
    edit(doc);
    for (const [label, root] of [
      ["candidate", workspace(released(), doc)],
      ["released", workspace(doc, released())],
    ] as const) {
      const { code, output } = await gate(root);
      expect(code, `${label}: ${output}`).toBe(2);
      expect(output.split("\n"), label).toHaveLength(1);
      expect(output, label).toMatch(/^gate: \/\S+\/spec\/(dist|released)\/openapi\.json: /);
      expect(output, label).toMatch(line);
    }
  });

  it("judges a schema that refers to itself through a property (a tree): recursion that reaches values", async () => {
    const doc = released();
    schemas(doc).Task = {
      type: "object",
      properties: {
        id: { type: "string" },
        children: { type: "array", items: { $ref: "#/components/schemas/Task" } },
      },
    };
    const { code, output } = await gate(workspace(doc, doc));
    expect(code, output).toBe(0);
    expect(output).toMatch(/PASSED$/);
  });

  it.each([
    ["the candidate", 1],
    ["both sides", 0],
  ])(
    "judges patternProperties that also match declared properties (valid JSON Schema) in %s: exit %i",
    async (where, exit) => {
      const shadowed = released();
      schemas(shadowed).Task = {
        type: "object",
        properties: { name: { type: "string" } },
        patternProperties: { "^name$": { type: "string", maxLength: 3 } },
      };
      const before = where === "both sides" ? shadowed : released();
      const { code, output } = await gate(workspace(before, shadowed));
      expect(code, output).toBe(exit);
      expect(output).toMatch(exit === 0 ? /PASSED/ : /FAILED/);
    },
  );

  it.each([
    [10, 0],
    [20, 1],
  ])(
    "judges an $id resource whose tree recurs through a $dynamicRef (an id's maxLength 10 → %i): exit %i",
    async (maxLength, exit) => {
      const tree = (length: number) => {
        const doc = released();
        schemas(doc).Task = {
          $id: "https://example.com/schemas/task",
          $dynamicAnchor: "node",
          type: "object",
          properties: {
            id: { $ref: "#/$defs/Id" },
            children: { type: "array", items: { $dynamicRef: "#node" } },
          },
          $defs: { Id: { type: "string", maxLength: length } },
        };
        return doc;
      };
      const { code, output } = await gate(workspace(tree(10), tree(maxLength)));
      expect(code, output).toBe(exit);
      expect(output).toMatch(exit === 0 ? /PASSED/ : /FAILED[\s\S]*\/components\/schemas\/Task\/\$defs\/Id/);
    },
  );

  it("refuses a waiver that expires on a day the calendar does not have", async () => {
    const root = workspace(released(), released());
    write(
      join(root, "release-gate-waivers.yaml"),
      'waivers:\n  - fingerprint: "x"\n    reason: "r"\n    expires: 2099-02-30\n',
    );
    const { code, output } = await gate(root);
    expect(code).toBe(2);
    expect(output).toBe(
      `gate: ${join(root, "release-gate-waivers.yaml")}: waiver 1: expires 2099-02-30 is no day of the calendar`,
    );
  });

  it("refuses a --today the calendar does not have", async () => {
    const { code, output } = await gate(workspace(released(), released()), "--today", "2026-02-29");
    expect(code).toBe(2);
    expect(output).toBe("gate: --today must be a day as YYYY-MM-DD, not 2026-02-29");
  });
});
