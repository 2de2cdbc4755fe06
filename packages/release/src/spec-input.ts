// The checks a bundle passes before the gate compares it: a document the comparer cannot read to the end
// (a reference to nothing or outside the bundle, a `$dynamicRef` it does not follow, a dialect it does not
// read, a cycle that
// never reaches a value, nesting beyond a bound, two paths of one identity) gets no verdict: the gate stops with one line naming the place.

import { dialectNamed, READ_DIALECTS } from "./dialect-names.js";
import { escapeSegment, valueAt } from "./diff/pointer.js";
import { GateInputError } from "./gate-input-error.js";
import { errorMessage } from "./unknown-values.js";

/** Deeper than this (in JSON levels, `$ref`s followed) a document is refused; ours is well within it. */
export const MAX_DEPTH = 200;

/** Keys whose values are data, not description: a `$ref` inside them is no reference. */
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum", "x-examples"]);
/** Maps whose keys are names (a property called `default` is a property, not data). */
export const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "schemas",
  "responses",
  "parameters",
  "headers",
  "requestBodies",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "content",
  "paths",
]);
/**
 * Schema keywords that change where references lead (`$id` re-bases the pointers inside it) or lead where a
 * JSON pointer does not (`$dynamicRef`): resolve-identifiers.ts rewrites what it can as pointers; the comparer
 * would read what is left otherwise than a validator.
 */
const UNFOLLOWED: Record<string, string> = {
  $id: "the gate reads references as JSON pointers into the bundle (resolve its identifiers first)",
  $dynamicRef: "it names no anchor of its own resource, or one its resource declares twice",
};
/** Keys that apply a schema to the same value (a cycle through only these never reaches a value). */
const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else"]);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object";

/** Throws a GateInputError naming `label` and the place when `doc` is a bundle the gate cannot judge. */
export function checkBundle(doc: unknown, label: string): void {
  const refuse = (message: string): never => {
    throw new GateInputError(`${label}: ${message}`);
  };
  if (!isObject(doc) || !isObject(doc.paths)) refuse("not an OpenAPI document (no paths object)");
  const paths = (doc as Json).paths as Json;
  const dialect = isObject(doc) ? doc.jsonSchemaDialect : undefined;
  if (typeof dialect === "string" && dialectNamed(dialect) === undefined)
    refuse(`jsonSchemaDialect at /jsonSchemaDialect names ${dialect}: the gate reads ${READ_DIALECTS}`);
  const identities = new Map<string, string>();
  for (const path of Object.keys(paths)) {
    const identity = path.replace(/\{[^}]*\}/g, "{}");
    const other = identities.get(identity);
    if (other !== undefined)
      refuse(`paths ${other} and ${path} are one path (they differ only in parameter names)`);
    identities.set(identity, path);
  }
  walkReferences(doc as Json, refuse);
}

/** Where a `$ref` leads; refuses one outside the bundle or to nothing. */
function target(
  doc: Json,
  ref: string,
  at: string,
  refuse: (m: string) => never,
): { value: unknown; ptr: string } {
  if (!ref.startsWith("#")) refuse(`$ref ${ref} at ${at} points outside the bundle`);
  const value: unknown = valueAt(doc, ref);
  if (value === undefined) refuse(`$ref ${ref} at ${at} points at nothing`);
  return { value, ptr: ref.slice(1) };
}

/**
 * One walk of the document with every `$ref` followed: each reference must lead somewhere in the bundle, no
 * cycle may pass through `$ref`s and in-place keywords only, and no chain of nodes may nest deeper than
 * MAX_DEPTH. Heights are remembered per pointer, so each node is walked once.
 */
function walkReferences(doc: Json, refuse: (m: string) => never): void {
  const height = new Map<string, number>();
  /** The pointers being walked, each with whether the step into it kept the same value (in place). */
  const stack: Array<{ ptr: string; inPlace: boolean }> = [];
  const onStack = new Map<string, number>();

  const visit = (value: unknown, ptr: string, depth: number, inPlace: boolean): number => {
    if (!isObject(value)) return 0;
    const known = height.get(ptr);
    if (known !== undefined) {
      if (depth + known > MAX_DEPTH)
        refuse(`nesting deeper than ${MAX_DEPTH} levels below ${shortened(ptr)}`);
      return known;
    }
    const open = onStack.get(ptr);
    if (open !== undefined) {
      const loop = [...stack.slice(open + 1), { ptr, inPlace }];
      if (loop.every((s) => s.inPlace))
        refuse(
          `cyclic $ref: ${[stack[open]?.ptr ?? ptr, ...loop.map((s) => s.ptr)].join(" → ")} never reaches a value`,
        );
      return 0;
    }
    if (depth > MAX_DEPTH) refuse(`nesting deeper than ${MAX_DEPTH} levels at ${shortened(ptr)}`);
    onStack.set(ptr, stack.length);
    stack.push({ ptr, inPlace });
    let below = 0;
    if (typeof value.$ref === "string") {
      const next = target(doc, value.$ref, ptr, refuse);
      below = Math.max(below, visit(next.value, next.ptr, depth, true));
    }
    const array = Array.isArray(value);
    const segments = ptr.split("/");
    const parentKey = segments.at(-1) ?? "";
    const named = NAME_MAPS.has(parentKey);
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && !named) continue;
      if (!named && !array && key === "pattern" && typeof item === "string")
        checkPattern(item, `${ptr}/pattern`, refuse);
      if (parentKey === "patternProperties") checkPattern(key, ptr, refuse);
      if (
        !named &&
        !array &&
        key === "$schema" &&
        typeof item === "string" &&
        dialectNamed(item) !== "2020-12"
      )
        refuse(
          `$schema at ${shortened(ptr)} names ${item}: the gate reads ${READ_DIALECTS} in Schema Objects`,
        );
      if (!named && !array && UNFOLLOWED[key] && typeof item === "string")
        refuse(`${key} at ${shortened(ptr)} is not followed: ${UNFOLLOWED[key]}`);
      if (!array && !named && isData(key, item, segments)) continue;
      const step = array ? IN_PLACE.has(parentKey) : IN_PLACE.has(key);
      below = Math.max(below, 1 + visit(item, `${ptr}/${escapeSegment(key)}`, depth + 1, step));
    }
    stack.pop();
    onStack.delete(ptr);
    height.set(ptr, below);
    return below;
  };
  visit(doc, "", 0, false);
}

/** A regular expression of the spec the validator cannot compile (as Ajv does, with the `u` flag). */
function checkPattern(pattern: string, at: string, refuse: (m: string) => never): void {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    refuse(`the schema at ${shortened(at)} cannot be compiled: ${errorMessage(error)}`);
  }
}

/** A pointer short enough for one line: its start and its end. */
const shortened = (ptr: string) => (ptr.length > 160 ? `${ptr.slice(0, 80)}…${ptr.slice(-60)}` : ptr);

/** Whether the member `key` of the node at `segments` is data (an example, a default, …), not description. */
export const isData = (key: string, item: unknown, segments: string[]) =>
  DATA_KEYS.has(key) ? !isExampleMap(key, item) : key === "value" && segments.at(-2) === "examples";

/** A media type's or component's `examples` map (Example objects, which may be `$ref`s), not a schema's list. */
const isExampleMap = (key: string, item: unknown) =>
  key === "examples" && isObject(item) && !Array.isArray(item);
