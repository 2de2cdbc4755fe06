// Walks a request schema of the bundle: every place a `oneOf` or an `enum` stands, named by its
// location in the value (`body/interfaces/[]/ip_family`, `query.task_type[]`). Coverage counts these.
import type { OpenApiDocument } from "@cloud-contract/spec/document";
import { resolveSchema, type Schema } from "../request-model.js";
import { discriminatorMapping, propertiesOf, subschema, subschemas } from "../schema-keywords.js";

export interface OneOfSite {
  kind: "oneOf";
  location: string;
  /** The branches as written (possibly `$ref`s) and their labels. */
  branches: Array<{ schema: Schema; label: string }>;
}

export interface EnumSite {
  kind: "enum";
  location: string;
  values: unknown[];
}

export type Site = OneOfSite | EnumSite;

/** A branch's label: its discriminator mapping key, else its title, else its position. */
export function branchLabels(doc: OpenApiDocument, schema: Schema): Array<{ schema: Schema; label: string }> {
  const branches = subschemas(schema, "oneOf") ?? [];
  const mapping = discriminatorMapping(schema);
  const byRef = new Map(Object.entries(mapping).map(([label, ref]) => [ref, label]));
  return branches.map((branch, index) => {
    const ref = typeof branch.$ref === "string" ? branch.$ref : undefined;
    const title = resolveSchema(doc, branch).title;
    const label =
      (ref && byRef.get(ref)) ?? (typeof title === "string" ? title : undefined) ?? `#${index + 1}`;
    return { schema: branch, label };
  });
}

export const enumLabel = (value: unknown): string =>
  typeof value === "string" ? value : JSON.stringify(value);

/** Every oneOf and enum site of a schema, at `location` (stops at cycles). */
export function sitesOf(doc: OpenApiDocument, raw: Schema, location: string, stack: Schema[] = []): Site[] {
  const schema = resolveSchema(doc, raw);
  if (stack.includes(schema)) return [];
  const inner = [...stack, schema];
  const sites: Site[] = [];
  if (Array.isArray(schema.enum)) sites.push({ kind: "enum", location, values: schema.enum });
  if (Array.isArray(schema.oneOf)) {
    sites.push({ kind: "oneOf", location, branches: branchLabels(doc, schema) });
  }
  for (const key of ["oneOf", "anyOf", "allOf"] as const) {
    for (const branch of subschemas(schema, key) ?? []) {
      sites.push(...sitesOf(doc, branch, location, inner));
    }
  }
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    sites.push(...sitesOf(doc, property, `${location}/${name}`, inner));
  }
  const items = subschema(schema, "items");
  if (items !== undefined) sites.push(...sitesOf(doc, items, `${location}/[]`, inner));
  return sites;
}
