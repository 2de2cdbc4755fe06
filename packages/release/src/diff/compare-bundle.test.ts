import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import type { Json } from "./types.js";

const bundle = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../../spec/dist/openapi.json", import.meta.url)), "utf8"),
);
const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** Applies `edit` to every object of a document, depth first. */
function everywhere(doc: Json, edit: (node: Json) => void): Json {
  const copy = structuredClone(doc);
  const walk = (node: Json) => {
    if (!node || typeof node !== "object") return;
    for (const child of Object.values(node)) walk(child);
    if (!Array.isArray(node)) edit(node);
  };
  walk(copy);
  return copy;
}

const HARMLESS: Record<string, (doc: Json) => Json> = {
  "every union's variants in reverse order": (doc) =>
    everywhere(doc, (n) => {
      for (const kw of ["oneOf", "anyOf"]) if (Array.isArray(n[kw])) n[kw].reverse();
    }),
  "every title and description reworded": (doc) =>
    everywhere(doc, (n) => {
      if (typeof n.title === "string") n.title = `${n.title} (renamed)`;
      if (typeof n.description === "string") n.description = `${n.description} Reworded.`;
    }),
  "every property list and required list in reverse order": (doc) =>
    everywhere(doc, (n) => {
      if (n.properties && typeof n.properties === "object" && !Array.isArray(n.properties)) {
        n.properties = Object.fromEntries(Object.entries(n.properties).reverse());
      }
      if (Array.isArray(n.required)) n.required.reverse();
    }),
  "a second way to authenticate": (doc) => {
    const copy = structuredClone(doc);
    copy.components.securitySchemes.Bearer = { type: "http", scheme: "bearer" };
    copy.security = [...copy.security, { Bearer: [] }];
    return copy;
  },
};

describe("compareSpecs on the repository's bundle", () => {
  it("finds nothing between the bundle and itself", () => {
    expect(compareSpecs(bundle, structuredClone(bundle), { policy })).toEqual([]);
  });

  it.each(Object.entries(HARMLESS))("raises no error or warning for %s", (_, edit) => {
    const findings = compareSpecs(bundle, edit(bundle), { policy });
    expect(findings.filter((f) => f.level !== "info")).toEqual([]);
  });

  it.each([
    {
      name: "a variant of the request's interface union gets a new required field",
      rule: "request-property-became-required",
      edit: (d: Json) => d.components.schemas.NetworkInterfaceSubnet.required.push("floating_ip"),
    },
    {
      name: "a variant of the request's interface union loses its subnet field",
      rule: "request-property-removed",
      edit: (d: Json) => delete d.components.schemas.NetworkInterfaceSubnet.properties.subnet_id,
    },
    {
      name: "the API key moves to a query parameter",
      rule: "security-scheme-changed",
      edit: (d: Json) => (d.components.securitySchemes.ApiKey.in = "query"),
    },
    {
      name: "the API key's header is renamed",
      rule: "security-scheme-changed",
      edit: (d: Json) => (d.components.securitySchemes.ApiKey.name = "X-Api-Key"),
    },
  ])("finds $rule when $name", ({ rule, edit }) => {
    const edited = structuredClone(bundle);
    edit(edited);
    const findings = compareSpecs(bundle, edited, { policy });
    expect(findings.map((f) => f.rule)).toContain(rule);
    expect(findings.filter((f) => f.rule !== rule && f.level !== "info")).toEqual([]);
  });

  it("finds a field made optional deep in a shared schema, once per operation that reads it", () => {
    const edited = structuredClone(bundle);
    const task = edited.components.schemas.Task;
    task.required = task.required.filter((name: string) => name !== "state");
    const findings = compareSpecs(bundle, edited, { policy }).filter((f) => f.level !== "info");
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f).toMatchObject({
        rule: "response-property-became-optional",
        before: "/components/schemas/Task/properties/state",
      });
    }
    expect(new Set(findings.map((f) => f.operation)).size).toBe(findings.length);
  });
});
