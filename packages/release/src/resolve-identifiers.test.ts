import { describe, expect, it } from "vitest";
import { compareSpecs } from "./diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./diff/deprecation.js";
import type { Json } from "./diff/types.js";
import { resolveIdentifiers } from "./resolve-identifiers.js";
import { checkBundle } from "./spec-input.js";

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

  it("rewrites a reference to an $anchor of the document as its pointer", () => {
    const named = spec({ Thing: { $ref: "#name" }, Name: { $anchor: "name", type: "string" } });
    expect(resolveIdentifiers(named).components.schemas.Thing).toEqual({ $ref: "#/components/schemas/Name" });
  });

  it("returns a bundle without $id, anchor references or $dynamicRef as it is", () => {
    const plain = spec({ Thing: { type: "object", properties: { $id: { type: "string" } } } });
    expect(resolveIdentifiers(plain)).toBe(plain);
  });
});
