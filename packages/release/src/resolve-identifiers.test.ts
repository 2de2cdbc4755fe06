import { describe, expect, it } from "vitest";
import { compareSpecs } from "./diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./diff/deprecation.js";
import type { Json } from "./diff/types.js";
import { resolveIdentifiers } from "./resolve-identifiers.js";
import { checkBundle } from "./spec-input.js";
import { gate, workspace } from "./test-support/workspace.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** One operation whose request body is `Thing`, with the schemas given. */
const spec = (schemas: Json): Json => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/things": {
      post: {
        operationId: "makeThing",
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
        },
        responses: { "204": { description: "made" } },
      },
    },
  },
  components: { schemas },
});

/** `Thing` is an `$id` resource whose pointers are read from its own root, and `Other` names it by URI. */
const withIds = (maxLength: number) =>
  spec({
    Thing: {
      $id: "https://example.com/schemas/thing",
      type: "object",
      properties: { name: { $ref: "#/$defs/Name" }, other: { $ref: "other" }, $id: { type: "string" } },
      $defs: { Name: { type: "string", maxLength } },
    },
    Other: {
      $id: "https://example.com/schemas/other",
      type: "object",
      properties: { back: { $ref: "thing#/$defs/Name" } },
    },
  });

/**
 * A generic list whose items are its `$dynamicAnchor` item, Names (a list of strings, by `$ref` to it with its
 * own item) and Short (Names with a shorter item); `Thing` holds each, and the list read directly.
 */
const generic = (names: Json, short: Json, own: Json = {}) =>
  spec({
    Thing: {
      type: "object",
      properties: {
        names: { $ref: "#/components/schemas/Names" },
        short: { $ref: "#/components/schemas/Short" },
        all: { $ref: "#/components/schemas/List" },
      },
    },
    List: {
      $id: "https://example.com/schemas/list",
      type: "array",
      items: { $dynamicRef: "#item" },
      $defs: { item: { $dynamicAnchor: "item", ...own } },
    },
    Names: {
      $id: "https://example.com/schemas/names",
      $ref: "list",
      $defs: { item: { $dynamicAnchor: "item", type: "string", ...names } },
    },
    Short: {
      $id: "https://example.com/schemas/short",
      $ref: "names",
      $defs: { item: { $dynamicAnchor: "item", type: "string", ...short } },
    },
  });

describe("resolveIdentifiers", () => {
  it("rewrites references inside and to $id resources as pointers into the bundle, and drops the $id", () => {
    const resolved = resolveIdentifiers(withIds(10));
    const { Thing, Other } = resolved.components.schemas;
    expect(Thing.properties.name.$ref).toBe("#/components/schemas/Thing/$defs/Name");
    expect(Thing.properties.other.$ref).toBe("#/components/schemas/Other");
    expect(Other.properties.back.$ref).toBe("#/components/schemas/Thing/$defs/Name");
    expect(Thing.$id).toBeUndefined();
    // A property named `$id` is a name, not the keyword.
    expect(Thing.properties.$id).toEqual({ type: "string" });
    expect(() => checkBundle(resolved, "bundle")).not.toThrow();
  });

  it("lets the gate judge a change behind an $id-scoped reference, with a witness", () => {
    const findings = compareSpecs(resolveIdentifiers(withIds(10)), resolveIdentifiers(withIds(5)), {
      policy,
    });
    const errors = findings.filter((f) => f.level === "error");
    expect(errors.map((f) => [f.rule, f.before])).toEqual([
      ["request-limit-narrowed", "/components/schemas/Thing/$defs/Name"],
    ]);
    expect(errors[0]?.witness).toBeDefined();
  });

  it("resolves a $dynamicRef to the only $dynamicAnchor of its name in its resource", () => {
    const list = (anchors: Json) =>
      spec({
        Thing: {
          $id: "https://example.com/schemas/tree",
          $dynamicAnchor: "node",
          type: "object",
          properties: { children: { type: "array", items: { $dynamicRef: "#node" } } },
          ...anchors,
        },
      });
    const single = resolveIdentifiers(list({}));
    expect(single.components.schemas.Thing.properties.children.items).toEqual({
      $ref: "#/components/schemas/Thing",
    });
    expect(() => checkBundle(single, "bundle")).not.toThrow();
    // A second anchor of the name: which one applies depends on where the schema is evaluated from.
    const two = resolveIdentifiers(list({ $defs: { Other: { $dynamicAnchor: "node", type: "string" } } }));
    expect(two.components.schemas.Thing.properties.children.items).toEqual({ $dynamicRef: "#node" });
    expect(() => checkBundle(two, "bundle")).toThrow(
      "bundle: $dynamicRef at /components/schemas/Thing/properties/children/items is not followed:",
    );
  });

  it("resolves a $dynamicRef to the outermost resource of its dynamic scope that declares the anchor", () => {
    const doc = generic({ maxLength: 10 }, { maxLength: 2 });
    const resolved = resolveIdentifiers(doc);
    const { List, Names, Short, Thing } = resolved.components.schemas;
    // Read where it stands, the list's items are its own item.
    expect(List.items).toEqual({ $ref: "#/components/schemas/List/$defs/item" });
    // Through Names, a copy of the list whose items are Names' item; through Short (→ Names → List), Short's.
    expect(Names.$ref).toBe("#/components/schemas/Names/$defs/List in scope");
    expect(Names.$defs["List in scope"].items).toEqual({ $ref: "#/components/schemas/Names/$defs/item" });
    expect(Short.$ref).toBe("#/components/schemas/Short/$defs/Names in scope");
    const names = Short.$defs["Names in scope"];
    expect(names.$ref).toBe("#/components/schemas/Short/$defs/Names in scope/$defs/List in scope");
    expect(names.$defs["List in scope"].items).toEqual({ $ref: "#/components/schemas/Short/$defs/item" });
    expect(Thing.properties.all).toEqual({ $ref: "#/components/schemas/List" });
    expect(JSON.stringify(resolved)).not.toMatch(/\$dynamic/);
    expect(() => checkBundle(resolved, "bundle")).not.toThrow();
  });

  it("resolves a tree extended by $ref, whose children are of the extension, and ends", () => {
    const doc = spec({
      Thing: { $ref: "#/components/schemas/Strict" },
      Tree: {
        $id: "https://example.com/schemas/tree",
        $dynamicAnchor: "node",
        type: "object",
        properties: { children: { type: "array", items: { $dynamicRef: "#node" } } },
      },
      Strict: {
        $id: "https://example.com/schemas/strict-tree",
        $dynamicAnchor: "node",
        $ref: "tree",
        required: ["id"],
      },
    });
    const { Strict } = resolveIdentifiers(doc).components.schemas;
    expect(Strict.$ref).toBe("#/components/schemas/Strict/$defs/Tree in scope");
    expect(Strict.$defs["Tree in scope"].properties.children.items).toEqual({
      $ref: "#/components/schemas/Strict",
    });
  });

  it.each([
    ["the extension's item bounded", 1, generic({ maxLength: 10 }, {}), generic({ maxLength: 5 }, {})],
    [
      "the generic list's own item changed (used only through extensions)",
      0,
      generic({}, {}, {}),
      generic({}, {}, { type: "integer" }),
    ],
    ["the outer extension's item bounded", 1, generic({}, { maxLength: 9 }), generic({}, { maxLength: 3 })],
  ])(
    "judges a $dynamicRef with several anchors through the gate: %s, exit %i",
    async (_, exit, before, after) => {
      before.components.schemas.Thing.properties.all = { $ref: "#/components/schemas/Names" };
      after.components.schemas.Thing.properties.all = { $ref: "#/components/schemas/Names" };
      const { code, output } = await gate(workspace(before, after));
      expect(code, output).toBe(exit);
      if (exit === 1)
        expect(output).toMatch(
          /error \[request-limit-narrowed\] POST \/things: maxLength \d+ → \d+ \(\/components\/schemas\/(Names|Short)\/\$defs\/item\)/,
        );
    },
  );

  it("rewrites a reference to an $anchor of the document as its pointer", () => {
    const named = spec({ Thing: { $ref: "#name" }, Name: { $anchor: "name", type: "string" } });
    expect(resolveIdentifiers(named).components.schemas.Thing).toEqual({ $ref: "#/components/schemas/Name" });
  });

  it("returns a bundle without $id, anchor references or $dynamicRef as it is", () => {
    const plain = spec({ Thing: { type: "object", properties: { $id: { type: "string" } } } });
    expect(resolveIdentifiers(plain)).toBe(plain);
  });
});
