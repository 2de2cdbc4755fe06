import type { Change, ChangeRule, Direction, Json, Resolve, Severity } from "./types.js";

/** What the schema comparer needs: both resolvers, where it is, and which way the data flows. */
export interface SchemaContext {
  resolveOld: Resolve;
  resolveNew: Resolve;
  direction: Direction;
  /** Prefix of every `where`, e.g. "POST /x request body application/json". */
  where: string;
  report: (change: Change) => void;
  /** Pairs of refs already compared on this path (guards recursive schemas). */
  seen?: Set<string>;
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"] as const;
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"] as const;
const EXACT_CONSTRAINTS = ["pattern", "format", "multipleOf", "uniqueItems"] as const;

/**
 * Compares two schemas at `pointer`. A request schema may loosen (consumers' old requests stay valid);
 * a response schema may tighten and gain fields (consumers' old reading code stays valid). Removals of
 * fields, enum values and variants break either way.
 */
export function compareSchemas(ctx: SchemaContext, oldNode: Json, newNode: Json, pointer = "#"): void {
  const a = ctx.resolveOld(oldNode);
  const b = ctx.resolveNew(newNode);
  const seen = ctx.seen ?? new Set<string>();
  if (a.ref && b.ref) {
    const key = `${a.ref}|${b.ref}|${ctx.direction}`;
    if (seen.has(key)) return;
    seen.add(key);
  }
  const inner: SchemaContext = { ...ctx, seen };
  const oldSchema = asSchema(a.value);
  const newSchema = asSchema(b.value);
  compareTypes(inner, oldSchema, newSchema, pointer);
  compareEnums(inner, oldSchema, newSchema, pointer);
  compareLimits(inner, oldSchema, newSchema, pointer);
  compareProperties(inner, oldSchema, newSchema, pointer);
  compareAdditionalProperties(inner, oldSchema, newSchema, pointer);
  if (oldSchema.items && newSchema.items)
    compareSchemas(inner, oldSchema.items, newSchema.items, `${pointer}/items`);
  compareComposition(inner, oldSchema, newSchema, pointer, "oneOf");
  compareComposition(inner, oldSchema, newSchema, pointer, "anyOf");
  compareComposition(inner, oldSchema, newSchema, pointer, "allOf");
}

function asSchema(value: Json): Json {
  return value && typeof value === "object" ? value : {};
}

function emit(ctx: SchemaContext, severity: Severity, rule: ChangeRule, pointer: string, message: string) {
  ctx.report({ severity, rule, where: `${ctx.where} ${pointer}`, message });
}

/** The JSON types a schema admits; undefined means "any". `nullable: true` (3.0) counts as null. */
export function typesOf(schema: Json): Set<string> | undefined {
  let types: string[] | undefined;
  if (typeof schema.type === "string") types = [schema.type];
  else if (Array.isArray(schema.type)) types = [...schema.type];
  if (types && schema.nullable === true) types.push("null");
  return types ? new Set(types) : undefined;
}

function admits(types: Set<string>, type: string): boolean {
  return types.has(type) || (type === "integer" && types.has("number"));
}

function compareTypes(ctx: SchemaContext, oldSchema: Json, newSchema: Json, pointer: string) {
  const before = typesOf(oldSchema);
  const after = typesOf(newSchema);
  if (!before && !after) return;
  const show = (t: Set<string> | undefined) => (t ? [...t].join(" | ") : "any");
  const change = `${show(before)} → ${show(after)}`;
  // A wider request type accepts everything it did; a wider response type hands consumers values
  // (often null) their code was never written for. A narrower type breaks both sides' assumptions.
  const widened = () =>
    emit(
      ctx,
      ctx.direction === "request" ? "non-breaking" : "breaking",
      "type-widened",
      pointer,
      `type widened: ${change}`,
    );
  const narrowed = () => emit(ctx, "breaking", "type-narrowed", pointer, `type narrowed: ${change}`);
  if (!before) return narrowed();
  if (!after) return widened();
  if ([...before].some((t) => !admits(after, t))) narrowed();
  if ([...after].some((t) => !admits(before, t))) widened();
}

function enumOf(schema: Json): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  return undefined;
}

function compareEnums(ctx: SchemaContext, oldSchema: Json, newSchema: Json, pointer: string) {
  const before = enumOf(oldSchema);
  const after = enumOf(newSchema);
  if (!before && !after) return;
  if (before && after) {
    const has = (list: unknown[], v: unknown) => list.some((x) => JSON.stringify(x) === JSON.stringify(v));
    for (const v of before.filter((x) => !has(after, x))) {
      emit(ctx, "breaking", "enum-value-removed", pointer, `enum value ${JSON.stringify(v)} removed`);
    }
    for (const v of after.filter((x) => !has(before, x))) {
      emit(ctx, "non-breaking", "enum-value-added", pointer, `enum value ${JSON.stringify(v)} added`);
    }
    return;
  }
  // A list of allowed values appears (narrower) or disappears (wider).
  const narrowed = !before && after !== undefined;
  limitChange(
    ctx,
    narrowed,
    pointer,
    narrowed ? `values restricted to ${JSON.stringify(after)}` : "enum removed",
  );
}

/** Narrower values break requests; wider values break responses. */
function limitChange(ctx: SchemaContext, narrowed: boolean, pointer: string, message: string) {
  const breaking = narrowed === (ctx.direction === "request");
  emit(
    ctx,
    breaking ? "breaking" : "non-breaking",
    narrowed ? "limit-narrowed" : "limit-widened",
    pointer,
    message,
  );
}

function compareLimits(ctx: SchemaContext, oldSchema: Json, newSchema: Json, pointer: string) {
  const bound = (key: string, lower: boolean) => {
    const before = oldSchema[key];
    const after = newSchema[key];
    if (before === after) return;
    const narrowed =
      before === undefined
        ? true
        : after === undefined
          ? false
          : lower
            ? Number(after) > Number(before)
            : Number(after) < Number(before);
    limitChange(ctx, narrowed, pointer, `${key} ${show(before)} → ${show(after)}`);
  };
  for (const key of LOWER_BOUNDS) bound(key, true);
  for (const key of UPPER_BOUNDS) bound(key, false);
  for (const key of EXACT_CONSTRAINTS) {
    const before = oldSchema[key] === false ? undefined : oldSchema[key];
    const after = newSchema[key] === false ? undefined : newSchema[key];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    // A new or different pattern/format may reject what passed before; a dropped one accepts more.
    limitChange(ctx, after !== undefined, pointer, `${key} ${show(before)} → ${show(after)}`);
  }
}

function show(v: unknown) {
  return v === undefined ? "(none)" : JSON.stringify(v);
}

function compareProperties(ctx: SchemaContext, oldSchema: Json, newSchema: Json, pointer: string) {
  const before: Record<string, Json> = oldSchema.properties ?? {};
  const after: Record<string, Json> = newSchema.properties ?? {};
  const requiredBefore = new Set<string>(oldSchema.required ?? []);
  const requiredAfter = new Set<string>(newSchema.required ?? []);
  for (const name of Object.keys(before)) {
    const at = `${pointer}/properties/${name}`;
    if (!(name in after)) {
      emit(ctx, "breaking", "field-removed", at, `field "${name}" removed`);
      continue;
    }
    compareSchemas(ctx, before[name], after[name], at);
  }
  for (const name of Object.keys(after)) {
    if (name in before) continue;
    const at = `${pointer}/properties/${name}`;
    if (ctx.direction === "request" && requiredAfter.has(name)) {
      emit(ctx, "breaking", "field-required", at, `new required field "${name}"`);
    } else {
      emit(ctx, "non-breaking", "field-added", at, `field "${name}" added`);
    }
  }
  for (const name of requiredAfter) {
    if (requiredBefore.has(name) || !(name in before) || !(name in after)) continue;
    const at = `${pointer}/properties/${name}`;
    const severity = ctx.direction === "request" ? "breaking" : "non-breaking";
    emit(ctx, severity, "field-required", at, `field "${name}" is now required`);
  }
  for (const name of requiredBefore) {
    if (requiredAfter.has(name) || !(name in after)) continue;
    const at = `${pointer}/properties/${name}`;
    // A response field that may now be missing breaks code that reads it.
    const severity = ctx.direction === "response" ? "breaking" : "non-breaking";
    emit(ctx, severity, "field-optional", at, `field "${name}" is no longer required`);
  }
}

function compareAdditionalProperties(ctx: SchemaContext, oldSchema: Json, newSchema: Json, pointer: string) {
  const before = oldSchema.additionalProperties;
  const after = newSchema.additionalProperties;
  const at = `${pointer}/additionalProperties`;
  const closed = (v: unknown) => v === false;
  if (closed(before) !== closed(after)) {
    limitChange(
      ctx,
      closed(after),
      at,
      closed(after) ? "extra fields no longer allowed" : "extra fields allowed",
    );
    return;
  }
  if (before && after && typeof before === "object" && typeof after === "object") {
    compareSchemas(ctx, before, after, at);
  }
}

type Composition = "oneOf" | "anyOf" | "allOf";

function compareComposition(
  ctx: SchemaContext,
  oldSchema: Json,
  newSchema: Json,
  pointer: string,
  kw: Composition,
) {
  const before: Json[] = oldSchema[kw] ?? [];
  const after: Json[] = newSchema[kw] ?? [];
  if (before.length === 0 && after.length === 0) return;
  if (kw !== "allOf") {
    const oldProp = oldSchema.discriminator?.propertyName;
    const newProp = newSchema.discriminator?.propertyName;
    if (oldProp !== newProp) {
      emit(
        ctx,
        "breaking",
        "discriminator-changed",
        pointer,
        `discriminator ${show(oldProp)} → ${show(newProp)}`,
      );
    }
  }
  const oldKeys = variantKeys(before, oldSchema, ctx.resolveOld);
  const newKeys = variantKeys(after, newSchema, ctx.resolveNew);
  for (const [key, variant] of oldKeys) {
    const at = `${pointer}/${kw}[${key}]`;
    const match = newKeys.get(key);
    if (match === undefined) {
      // allOf parts are constraints: dropping one loosens the schema; oneOf/anyOf variants are choices.
      if (kw === "allOf") limitChange(ctx, false, at, `allOf part ${key} removed`);
      else emit(ctx, "breaking", "variant-removed", at, `variant ${key} removed`);
      continue;
    }
    compareSchemas(ctx, variant, match, at);
  }
  for (const key of newKeys.keys()) {
    if (oldKeys.has(key)) continue;
    const at = `${pointer}/${kw}[${key}]`;
    if (kw === "allOf") limitChange(ctx, true, at, `allOf part ${key} added`);
    else emit(ctx, "non-breaking", "variant-added", at, `variant ${key} added`);
  }
}

/** Names each variant by its discriminator value, its $ref, its title, or else its position. */
function variantKeys(variants: Json[], parent: Json, resolve: Resolve): Map<string, Json> {
  const keys = new Map<string, Json>();
  const prop = parent.discriminator?.propertyName;
  const mapping: Record<string, string> = parent.discriminator?.mapping ?? {};
  variants.forEach((variant, index) => {
    const { value, ref } = resolve(variant);
    const mapped = ref ? Object.entries(mapping).find(([, target]) => target === ref)?.[0] : undefined;
    const constant = prop
      ? (enumOf(resolve(value?.properties?.[prop] ?? {}).value ?? {})?.[0] as unknown)
      : undefined;
    const key =
      mapped ??
      (constant !== undefined ? String(constant) : undefined) ??
      ref?.split("/").pop() ??
      (typeof value?.title === "string" ? value.title : undefined) ??
      String(index);
    keys.set(keys.has(key) ? `${key}#${index}` : key, variant);
  });
  return keys;
}
