import type { OpenApiDocument } from "../../bundle.js";
import { arrayItems, schemaTypes } from "./resolve.js";

/** Turns the raw string values of one parameter into the JSON value its schema describes. */
export type Coercer = (raw: string[]) => unknown;

/**
 * Builds the coercer of a parameter from its schema: arrays collect every occurrence (split on commas
 * when the parameter is `explode: false`), integers, numbers and booleans are parsed when the text is
 * one. Text that is not a valid value is passed on as text, so that validation reports it.
 */
export function parameterCoercer(
  doc: OpenApiDocument,
  schema: unknown,
  options: { explode?: boolean; style?: string } = {},
): Coercer {
  const types = schemaTypes(doc, schema);
  if (types.has("array")) {
    const item = scalarCoercer(schemaTypes(doc, arrayItems(doc, schema)));
    const explode = options.explode ?? (options.style === undefined || options.style === "form");
    const separator =
      options.style === "pipeDelimited" ? "|" : options.style === "spaceDelimited" ? " " : ",";
    return (raw) => {
      const parts = explode ? raw : raw.flatMap((r) => r.split(separator));
      return parts.map(item);
    };
  }
  const scalar = scalarCoercer(types);
  return (raw) => scalar(raw[0] as string);
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function scalarCoercer(types: Set<string>): (text: string) => unknown {
  const integer = types.has("integer");
  const number = types.has("number");
  const boolean = types.has("boolean");
  const nullable = types.has("null") && !types.has("string");
  return (text) => {
    if ((integer || number) && (number ? NUMBER : INTEGER).test(text)) return Number(text);
    if (integer && !number && NUMBER.test(text)) return Number(text); // 1.5 → fails as integer, not as type
    if (boolean && (text === "true" || text === "false")) return text === "true";
    if (nullable && (text === "null" || text === "")) return null;
    return text;
  };
}
