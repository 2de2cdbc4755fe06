// fast-check arbitraries from the request schemas of the bundle: valid values, values steered to one
// goal of a plan (a oneOf branch, an enum value, an optional field) and values that break exactly one
// constraint. Shrinking is fast-check's own.
import type { OpenApiDocument } from "@cloud-contract/spec/document";
import fc from "fast-check";
import type { Schema } from "../request-model.js";
import { numberOf, objectMembers, propertiesOf, requiredOf, subschema, typesOf } from "../schema-keywords.js";
import { branchesOf, type Constraint, flatten, type Plan } from "./plan.js";

/** Largest arrays and maps drawn for valid values (the spec's own bounds apply when smaller). */
const MAX_ITEMS = 4;
/** Longest strings drawn when the schema sets no bound. */
const MAX_STRING = 24;

const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.stringMatching(/^[a-z]{1,8}$/))
  .map(([user, host]) => `${user}@${host}.example.com`);

const byPattern = new Map<string, fc.Arbitrary<string>>();

/**
 * Strings matching a pattern. The plain map hides the pattern from fast-check's "could this value come
 * from here?" question, which for patterns like base64 costs seconds per value.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = byPattern.get(pattern);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(new RegExp(pattern)).map((text) => text);
    byPattern.set(pattern, arbitrary);
  }
  return arbitrary;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Math.max(minLength, MAX_STRING);
  if (typeof schema.pattern === "string") return matching(schema.pattern);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return email;
    case "ipv4":
      return fc.ipV4();
    case "ipv6":
      return fc.ipV6();
    case "date-time":
      return fc
        .date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T00:00:00Z"),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case "uri":
      return fc.webUrl();
    default:
      return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, MAX_STRING)) });
  }
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const bound = (key: string) => numberOf(schema, key);
  const exclusiveMin = bound("exclusiveMinimum");
  const exclusiveMax = bound("exclusiveMaximum");
  const min = Math.max(bound("minimum") ?? -(2 ** 31), exclusiveMin ?? -Infinity);
  const max = Math.min(bound("maximum") ?? 2 ** 31 - 1, exclusiveMax ?? Infinity);
  if (integer) {
    // An exclusive bound that is a whole number is itself left out.
    const low = exclusiveMin === min && Number.isInteger(min) ? min + 1 : Math.ceil(min);
    const high = exclusiveMax === max && Number.isInteger(max) ? max - 1 : Math.floor(max);
    return fc.integer({ min: low, max: high });
  }
  return fc.double({
    min,
    max,
    minExcluded: exclusiveMin === min,
    maxExcluded: exclusiveMax === max,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** A JSON value of a type none of `types` allows. */
function wrongType(types: readonly string[]): unknown {
  const allowed = new Set(types);
  if (allowed.has("number")) allowed.add("integer");
  const candidates: Array<[string, unknown]> = [
    ["string", "not-of-this-type"],
    ["integer", 12345],
    ["boolean", true],
    ["array", ["x"]],
    ["object", { unexpected: true }],
    ["null", null],
  ];
  return candidates.find(([type]) => !allowed.has(type))?.[1];
}

const length = (limit: number, delta: number) => Math.max(0, limit + delta);

export class ArbitraryBuilder {
  /** Unsteered arbitraries by schema, near the root and deep down (where only required fields are drawn). */
  private readonly free: readonly [
    WeakMap<Schema, fc.Arbitrary<unknown>>,
    WeakMap<Schema, fc.Arbitrary<unknown>>,
  ] = [new WeakMap(), new WeakMap()];

  constructor(private readonly doc: OpenApiDocument) {}

  /** Values of the schema; with a plan, steered to its goal (or breaking its constraint). */
  build(raw: Schema, plan?: Plan, depth = 0): fc.Arbitrary<unknown> {
    if (plan) return this.make(raw, plan, depth);
    const cache = this.free[depth > 6 ? 1 : 0];
    let arbitrary = cache.get(raw);
    if (!arbitrary) {
      arbitrary = this.make(raw, undefined, depth);
      cache.set(raw, arbitrary);
    }
    return arbitrary;
  }

  private make(raw: Schema, plan: Plan | undefined, depth: number): fc.Arbitrary<unknown> {
    const schema = flatten(this.doc, raw);
    const goal = plan && plan.steps.length === 0 ? plan.goal : undefined;
    const [step, ...rest] = plan?.steps ?? [];
    const next: Plan | undefined = plan && step ? { steps: rest, goal: plan.goal } : undefined;

    if (goal?.kind === "break") return this.broken(schema, goal.constraint);
    if (goal?.kind === "enum") return fc.constant(goal.value);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);

    const branches = branchesOf(this.doc, schema);
    if (branches.length > 0) {
      const chosen = goal?.kind === "branch" ? goal.index : step?.kind === "branch" ? step.index : undefined;
      const branch = chosen === undefined ? undefined : branches[chosen];
      if (branch !== undefined) {
        return this.build(branch, step?.kind === "branch" ? next : undefined, depth + 1);
      }
      return fc.oneof(...branches.map((branch) => this.build(branch, undefined, depth + 1)));
    }

    let types = typesOf(schema);
    if (step?.kind === "property" || goal?.kind === "optional") types = ["object"];
    else if (step?.kind === "items") types = ["array"];
    else if (types.length === 0) {
      types = schema.properties ? ["object"] : schema.items ? ["array"] : ["string", "integer", "boolean"];
    }
    // Deep optional structures stop growing: at depth the non-null types are kept, null preferred.
    const options = types.map((type) => this.ofType(type, schema, next, goal, step, depth));
    const [only] = options;
    return options.length === 1 && only !== undefined ? only : fc.oneof(...options);
  }

  private ofType(
    type: string,
    schema: Schema,
    next: Plan | undefined,
    goal: Plan["goal"] | undefined,
    step: Plan["steps"][number] | undefined,
    depth: number,
  ): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return numberArbitrary(schema, true);
      case "number":
        return numberArbitrary(schema, false);
      case "string":
        return stringArbitrary(schema);
      case "array":
        return this.array(schema, step?.kind === "items" ? next : undefined, depth);
      default:
        return this.object(schema, next, goal, step, depth);
    }
  }

  private array(schema: Schema, focus: Plan | undefined, depth: number): fc.Arbitrary<unknown[]> {
    const items = subschema(schema, "items") ?? {};
    const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
    const maxLength = Math.max(
      minLength,
      Math.min(typeof schema.maxItems === "number" ? schema.maxItems : MAX_ITEMS, MAX_ITEMS),
    );
    const item = this.build(items, undefined, depth + 1);
    if (!focus) return fc.array(item, { minLength, maxLength });
    // The steered item comes first; the rest are free.
    return fc
      .tuple(
        this.build(items, focus, depth + 1),
        fc.array(item, { minLength: Math.max(0, minLength - 1), maxLength: Math.max(0, maxLength - 1) }),
      )
      .map(([first, more]) => [first, ...more]);
  }

  private object(
    schema: Schema,
    next: Plan | undefined,
    goal: Plan["goal"] | undefined,
    step: Plan["steps"][number] | undefined,
    depth: number,
  ): fc.Arbitrary<unknown> {
    const properties = propertiesOf(schema);
    const required = new Set(requiredOf(schema));
    if (goal?.kind === "optional") required.add(goal.name);
    const focused = step?.kind === "property" ? step.name : undefined;
    if (focused) required.add(focused);
    const names = Object.keys(properties);
    if (names.length === 0) {
      const extra = subschema(schema, "additionalProperties");
      if (extra !== undefined) {
        const keyMax = subschema(schema, "propertyNames")?.maxLength;
        const key = fc.string({
          minLength: 1,
          maxLength: typeof keyMax === "number" ? Math.min(keyMax, 16) : 16,
        });
        return fc.dictionary(key, this.build(extra, undefined, depth + 1), { maxKeys: 3 });
      }
      return fc.constant({});
    }
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) {
      model[name] = this.build(property, name === focused ? next : undefined, depth + 1);
    }
    // Far from the root only what is required is drawn, so nested values stay small.
    const requiredKeys = names.filter((name) => required.has(name) || depth > 6);
    return fc.record(model, { requiredKeys });
  }

  /** Values of the schema that break one constraint of it and keep everything else. */
  private broken(schema: Schema, constraint: Constraint): fc.Arbitrary<unknown> {
    const valid = { ...schema };
    switch (constraint.kind) {
      case "maximum":
        return Number.isInteger(constraint.limit) && typesOf(schema).includes("integer")
          ? fc.integer({ min: constraint.limit + 1, max: constraint.limit + 1000 })
          : fc.double({ min: constraint.limit + 0.5, max: constraint.limit + 1000, noNaN: true });
      case "minimum":
        return typesOf(schema).includes("integer")
          ? fc.integer({ min: constraint.limit - 1000, max: constraint.limit - 1 })
          : fc.double({ min: constraint.limit - 1000, max: constraint.limit - 0.5, noNaN: true });
      case "exclusiveMaximum":
        return typesOf(schema).includes("integer")
          ? fc.integer({ min: Math.ceil(constraint.limit), max: Math.ceil(constraint.limit) + 1000 })
          : fc.double({ min: constraint.limit, max: constraint.limit + 1000, noNaN: true });
      case "exclusiveMinimum":
        return typesOf(schema).includes("integer")
          ? fc.integer({ min: Math.floor(constraint.limit) - 1000, max: Math.floor(constraint.limit) })
          : fc.double({ min: constraint.limit - 1000, max: constraint.limit, noNaN: true });
      case "maxLength":
        return fc.string({ minLength: constraint.limit + 1, maxLength: constraint.limit + 8 });
      case "minLength":
        return fc.string({ minLength: 0, maxLength: length(constraint.limit, -1) });
      case "maxItems": {
        const item = this.build(subschema(schema, "items") ?? {});
        return fc.array(item, { minLength: constraint.limit + 1, maxLength: constraint.limit + 3 });
      }
      case "minItems": {
        const item = this.build(subschema(schema, "items") ?? {});
        return fc.array(item, { minLength: 0, maxLength: length(constraint.limit, -1) });
      }
      case "enum": {
        const strings = constraint.values.some((v) => typeof v === "string");
        return strings
          ? fc.stringMatching(/^zz-[a-z]{1,8}$/)
          : fc.constant(
              Math.max(0, ...constraint.values.filter((v): v is number => typeof v === "number")) + 1,
            );
      }
      case "type":
        return fc.constant(wrongType(constraint.types));
      case "pattern":
        return fc.constantFrom("not matching!", "", "%%");
      case "required": {
        delete valid.oneOf;
        return this.build(valid).map((value) => {
          const members = objectMembers(value);
          if (members === undefined) return value;
          const { [constraint.name]: _dropped, ...others } = members;
          return others;
        });
      }
    }
  }
}
