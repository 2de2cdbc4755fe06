// The names of the properties a document marks as secret (`x-secret: true`, or `format: password`):
// a recorder redacts them wherever they appear, without keeping the values it has seen.
import { isObject } from "./json.js";

export function secretPropertyNames(doc: unknown): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (isObject(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) {
        if (isObject(schema) && (schema["x-secret"] === true || schema.format === "password"))
          names.add(name);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(doc);
  return names;
}
