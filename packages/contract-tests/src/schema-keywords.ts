// Typed reads of a JSON Schema's keywords: each checks what it finds, so the generators and the coverage
// model read `properties`, `required`, `items`, `oneOf`… without asserting their types.
import type { Schema } from "./request-model.js";

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A keyword that holds one schema (`items`, `not`, `propertyNames`, `additionalProperties`…). */
export function subschema(schema: Schema, key: string): Schema | undefined {
  const value = schema[key];
  return isSchema(value) ? value : undefined;
}

/** A keyword that holds a list of schemas (`oneOf`, `anyOf`, `allOf`). */
export function subschemas(schema: Schema, key: "oneOf" | "anyOf" | "allOf"): Schema[] | undefined {
  const value = schema[key];
  return Array.isArray(value) ? value.filter(isSchema) : undefined;
}

export function propertiesOf(schema: Schema): Record<string, Schema> {
  const value = schema.properties;
  if (!isSchema(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([name, property]) => (isSchema(property) ? [[name, property]] : [])),
  );
}

export function requiredOf(schema: Schema): string[] {
  const value = schema.required;
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
}

/** A numeric keyword (`minimum`, `maxLength`…), or undefined. */
export function numberOf(schema: Schema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === "number" ? value : undefined;
}

/** `type` as a list (a single type or none written as one or zero entries). */
export function typesOf(schema: Schema): string[] {
  const value = schema.type;
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((type): type is string => typeof type === "string") : [];
}

/** The discriminator's mapping (value → `$ref`), empty without one. */
export function discriminatorMapping(schema: Schema): Record<string, string> {
  const mapping = subschema(schema, "discriminator")?.mapping;
  if (!isSchema(mapping)) return {};
  return Object.fromEntries(
    Object.entries(mapping).flatMap(([value, ref]) => (typeof ref === "string" ? [[value, ref]] : [])),
  );
}

/** A JSON object's members, or undefined for any other value. */
export function objectMembers(value: unknown): Record<string, unknown> | undefined {
  return isSchema(value) ? value : undefined;
}
