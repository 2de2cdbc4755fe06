// Plans over a request schema: the places a generated request can be steered to (every oneOf branch,
// enum value and optional field, so that a run reaches all of them) and the constraints it can break
// one at a time (a bound, an enum, a type, a required field, a pattern, an array length). A plan is a
// path of steps from the root of the schema; the builder (arbitrary.ts) follows it.
import type { OpenApiDocument } from "@cloud-contract/spec/document";
import { resolveSchema, type Schema } from "../request-model.js";
import { numberOf, propertiesOf, requiredOf, subschema, subschemas, typesOf } from "../schema-keywords.js";

export type Step = { kind: "property"; name: string } | { kind: "items" } | { kind: "branch"; index: number };

export type Goal =
  | { kind: "enum"; value: unknown }
  | { kind: "branch"; index: number }
  | { kind: "optional"; name: string }
  | { kind: "break"; constraint: Constraint };

export type Constraint =
  | { kind: "maximum"; limit: number }
  | { kind: "minimum"; limit: number }
  | { kind: "exclusiveMaximum"; limit: number }
  | { kind: "exclusiveMinimum"; limit: number }
  | { kind: "maxLength"; limit: number }
  | { kind: "minLength"; limit: number }
  | { kind: "maxItems"; limit: number }
  | { kind: "minItems"; limit: number }
  | { kind: "enum"; values: unknown[] }
  | { kind: "type"; types: string[] }
  | { kind: "required"; name: string }
  | { kind: "pattern"; pattern: string };

export interface Plan {
  steps: Step[];
  goal: Goal;
}

const flattened = new WeakMap<Schema, Schema>();
const branched = new WeakMap<Schema, Schema[]>();

/**
 * A schema with its `$ref` resolved and its `allOf` parts folded in (properties and required merged). A
 * choice a part makes (`allOf: [{ anyOf: [...] }]`, "at least one of these fields") stays a choice.
 */
export function flatten(doc: OpenApiDocument, raw: Schema): Schema {
  const known = flattened.get(raw);
  if (known) return known;
  const schema = resolveSchema(doc, raw);
  let merged = schema;
  if (Array.isArray(schema.allOf)) {
    const { allOf: _parts, ...own } = schema;
    merged = own;
    for (const part of subschemas(schema, "allOf") ?? []) merged = combine(merged, flatten(doc, part));
  }
  flattened.set(raw, merged);
  return merged;
}

/** Two schemas a value must both match, as one: properties merged, required joined, the rest of `part` on top. */
function combine(base: Schema, part: Schema): Schema {
  const properties: Record<string, Schema> = { ...propertiesOf(base) };
  for (const [name, schema] of Object.entries(propertiesOf(part))) {
    properties[name] = { ...(properties[name] ?? {}), ...schema };
  }
  // `not: { required: [x] }` in a part: x must be absent.
  const not = subschema(part, "not");
  const excluded = not === undefined ? [] : requiredOf(not);
  for (const name of excluded) delete properties[name];
  const required = [...new Set([...requiredOf(base), ...requiredOf(part)])];
  const { not: _not, ...rest } = part;
  return { ...base, ...rest, properties, required };
}

/**
 * The object a oneOf/anyOf branch describes, on top of its parent. The parent's choice is made by taking
 * the branch; a choice the branch makes itself (a `$ref`'d schema that is an anyOf of formats) stays, for
 * the builder to make in its turn.
 */
function mergeInto(parent: Schema, branch: Schema): Schema {
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _d, ...own } = parent;
  return combine(own, branch);
}

/** The branches of a schema (oneOf, else anyOf), each merged onto the schema itself. */
export function branchesOf(doc: OpenApiDocument, schema: Schema): Schema[] {
  const known = branched.get(schema);
  if (known) return known;
  const built = buildBranches(doc, schema);
  branched.set(schema, built);
  return built;
}

function buildBranches(doc: OpenApiDocument, schema: Schema): Schema[] {
  const exactlyOne = Array.isArray(schema.oneOf);
  const raw = subschemas(schema, "oneOf") ?? subschemas(schema, "anyOf");
  if (!raw) return [];
  const flat = raw.map((branch) => flatten(doc, branch));
  if (!exactlyOne) return flat.map((branch) => mergeInto(schema, branch));
  const requiredBy = flat.map((branch) => new Set(requiredOf(branch)));
  const parentRequired = new Set(requiredOf(schema));
  return flat.map((branch, index) => {
    const merged = mergeInto(schema, branch);
    // "Exactly one of": a field another branch requires (and this one does not) is left out here,
    // or the value would match both branches.
    const properties = { ...propertiesOf(merged) };
    requiredBy.forEach((names, other) => {
      if (other === index) return;
      for (const name of names) {
        if (!requiredBy[index]?.has(name) && !parentRequired.has(name)) delete properties[name];
      }
    });
    return { ...merged, properties };
  });
}

/** The constraints of one schema node that a single change can break. */
function constraintsOf(schema: Schema): Constraint[] {
  const out: Constraint[] = [];
  const bounds = [
    "maximum",
    "minimum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "maxItems",
    "minItems",
  ] as const;
  for (const kind of bounds) {
    const limit = numberOf(schema, kind);
    if (limit === undefined) continue;
    if ((kind === "minLength" || kind === "minItems") && limit === 0) continue;
    out.push({ kind, limit });
  }
  if (Array.isArray(schema.enum)) out.push({ kind: "enum", values: schema.enum });
  if (typeof schema.pattern === "string") out.push({ kind: "pattern", pattern: schema.pattern });
  const types = typesOf(schema);
  if (types.length > 0) out.push({ kind: "type", types });
  for (const name of requiredOf(schema)) out.push({ kind: "required", name });
  return out;
}

/** Every steering goal and every breakable constraint of a schema, with the path that reaches it. */
export function plansOf(doc: OpenApiDocument, raw: Schema, steps: Step[] = [], stack: Schema[] = []): Plan[] {
  const schema = flatten(doc, raw);
  if (stack.includes(schema) || stack.length > 12) return [];
  const inner = [...stack, schema];
  const plans: Plan[] = [];
  if (Array.isArray(schema.enum)) {
    for (const value of schema.enum) plans.push({ steps, goal: { kind: "enum", value } });
  }
  const branches = branchesOf(doc, schema);
  if (branches.length > 0) {
    branches.forEach((branch, index) => {
      plans.push({ steps, goal: { kind: "branch", index } });
      plans.push(...plansOf(doc, branch, [...steps, { kind: "branch", index }], inner));
    });
    return plans;
  }
  for (const constraint of constraintsOf(schema)) plans.push({ steps, goal: { kind: "break", constraint } });
  const required = new Set(requiredOf(schema));
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    if (!required.has(name)) plans.push({ steps, goal: { kind: "optional", name } });
    plans.push(...plansOf(doc, property, [...steps, { kind: "property", name }], inner));
  }
  const items = subschema(schema, "items");
  if (items !== undefined) plans.push(...plansOf(doc, items, [...steps, { kind: "items" }], inner));
  return plans;
}

/** `query/limit`, `body/interfaces/[]/oneOf#2/ip_family` */
export function describeSteps(steps: readonly Step[]): string {
  return (
    steps
      .map((step) =>
        step.kind === "property" ? step.name : step.kind === "items" ? "[]" : `oneOf#${step.index + 1}`,
      )
      .join("/") || "(root)"
  );
}
