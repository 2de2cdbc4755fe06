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

// The bundle's schemas never change: what is read from one is kept for the next read (hot in coverage).
const properties = new WeakMap<Schema, Readonly<Record<string, Schema>>>();
const required = new WeakMap<Schema, readonly string[]>();

export function propertiesOf(schema: Schema): Readonly<Record<string, Schema>> {
  let read = properties.get(schema);
  if (read === undefined) {
    const value = schema.properties;
    read = isSchema(value)
      ? Object.fromEntries(
          Object.entries(value).flatMap(([name, property]) => (isSchema(property) ? [[name, property]] : [])),
        )
      : {};
    properties.set(schema, read);
  }
  return read;
}

export function requiredOf(schema: Schema): readonly string[] {
  let read = required.get(schema);
  if (read === undefined) {
    const value = schema.required;
    read = Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
    required.set(schema, read);
  }
  return read;
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
