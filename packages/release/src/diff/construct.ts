// Values built from schemas, deterministically: one a schema accepts (its example), and values aimed at the
// difference between two schemas (past a new bound, in an old format, without a newly required member …).
// What they prove is decided by the spec's validator, never here.
import fc from "fast-check";
import type { KeptParts } from "../kept-results.js";
import { flatten, jsonType } from "./flatten.js";
import type { Json, Located } from "./types.js";

/** One valid string per format the validator knows. */
const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2024-01-02T03:04:05Z",
  date: "2024-01-02",
  time: "03:04:05Z",
  duration: "P1D",
  email: "a@example.com",
  "idn-email": "a@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/a",
  "uri-reference": "https://example.com/a",
  iri: "https://example.com/a",
  "iri-reference": "https://example.com/a",
  "uri-template": "https://example.com/{a}",
  uuid: "123e4567-e89b-42d3-a456-426614174000",
  "json-pointer": "/a",
  "relative-json-pointer": "0",
  regex: "a+",
  byte: "YQ==",
  password: "secret",
};

const TYPE_SAMPLES: Record<string, unknown> = {
  string: "a",
  integer: 1,
  number: 1.5,
  boolean: true,
  null: null,
  object: {},
  array: [],
};

const SEED = 4501;
const DEPTH = 12;

const matching = new Map<string, string[]>();
const SAMPLES = 20;
let keptMatching: KeptParts<string[]> | undefined;

/**
 * Makes `stringsMatching` keep what it draws in `parts` (by pattern; the draw is seeded, so the same code draws
 * the same strings), or stop keeping it (undefined).
 */
export function keepStringsMatching(parts: KeptParts<string[]> | undefined): void {
  keptMatching = parts;
}

/** Strings a regular expression matches (fast-check, seeded, drawn once per pattern): none when it cannot be read. */
export function stringsMatching(pattern: string, n: number): string[] {
  let drawn = matching.get(pattern);
  if (!drawn) {
    const draw = () => {
      try {
        return fc.sample(fc.stringMatching(new RegExp(pattern, "u")), { seed: SEED, numRuns: SAMPLES });
      } catch {
        return [];
      }
    };
    drawn = keptMatching ? keptMatching.get(pattern, draw) : draw();
    matching.set(pattern, drawn);
  }
  return drawn.slice(0, n);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The example a schema gives of itself, if any (its `const` only, without `examples`). */
function ownExample(schema: Json, examples: boolean): { value: unknown } | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  if ("const" in schema) return { value: schema.const };
  if (!examples) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ("example" in schema) return { value: schema.example };
  if ("default" in schema) return { value: schema.default };
  return undefined;
}

function stringOf(flat: ReturnType<typeof flatten>): string {
  const min = flat.bounds.get("minLength")?.value ?? 0;
  const max = flat.bounds.get("maxLength")?.value ?? Number.POSITIVE_INFINITY;
  const pattern = flat.exact.get("pattern")?.value;
  if (typeof pattern === "string") {
    const fits = stringsMatching(pattern, 20).find((s) => s.length >= min && s.length <= max);
    if (fits !== undefined) return fits;
  }
  const format = flat.exact.get("format")?.value;
  const sample = typeof format === "string" ? FORMAT_SAMPLES[format] : undefined;
  if (sample !== undefined) return sample;
  return "a".repeat(Math.min(Math.max(min, 1), max));
}

function numberOf(flat: ReturnType<typeof flatten>, integer: boolean): number {
  const b = (k: string) => flat.bounds.get(k)?.value;
  const step = flat.exact.get("multipleOf")?.value;
  const exclusiveMinimum = b("exclusiveMinimum");
  const exclusiveMaximum = b("exclusiveMaximum");
  let v = b("minimum") ?? (exclusiveMinimum !== undefined ? exclusiveMinimum + 1 : 0);
  const upper = b("maximum") ?? (exclusiveMaximum !== undefined ? exclusiveMaximum - 1 : undefined);
  if (upper !== undefined && v > upper) v = upper;
  if (typeof step === "number" && step > 0) v = Math.ceil(v / step) * step;
  return integer ? Math.ceil(v) : v;
}

const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const ARRAY_KEYWORDS = ["minItems", "maxItems", "uniqueItems", "contains", "prefixItems", "minContains"];

/** The type a schema without `type` is about, from its keywords (`minimum` is about numbers). */
function impliedType(flat: ReturnType<typeof flatten>): string {
  const has = (keys: string[]) =>
    keys.some((k) => flat.bounds.has(k) || flat.exact.has(k) || flat.witnessed.has(k));
  if (flat.properties.size > 0 || flat.required.size > 0 || flat.additional) return "object";
  if (flat.items || has(ARRAY_KEYWORDS)) return "array";
  if (has(NUMBER_KEYWORDS)) return "number";
  return "string";
}

/**
 * A value the schema at `node` accepts, as far as its keywords tell (the validator has the last word); a
 * union takes the variant `choices` names for it (by the union's pointer), else its first.
 */
export function exampleOf(
  doc: Json,
  node: Located,
  choices = new Map<string, number>(),
  depth = 0,
  examples = true,
): unknown {
  if (depth > DEPTH || node.value === undefined) return null;
  if (node.value === true || (isPlainObject(node.value) && Object.keys(node.value).length === 0)) return "a";
  const own = ownExample(node.value, examples);
  if (own) return own.value;
  const flat = flatten(doc, node);
  if (flat.enum && flat.enum.value.length > 0) return flat.enum.value[0];
  if (flat.union) {
    const variant = flat.union.variants[choices.get(flat.union.ptr) ?? 0];
    const base = shapeOf(doc, flat, choices, depth, examples);
    const chosen = variant ? exampleOf(doc, variant, choices, depth + 1, examples) : undefined;
    return isPlainObject(base) && isPlainObject(chosen) ? { ...base, ...chosen } : (chosen ?? base);
  }
  return shapeOf(doc, flat, choices, depth, examples);
}

function shapeOf(
  doc: Json,
  flat: ReturnType<typeof flatten>,
  choices: Map<string, number>,
  depth: number,
  examples: boolean,
): unknown {
  const types = flat.types?.value;
  const type =
    (types &&
      ["object", "array", "string", "integer", "number", "boolean", "null"].find((t) => types.has(t))) ??
    impliedType(flat);
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of flat.required.keys()) {
        const property = flat.properties.get(name);
        out[name] = property ? exampleOf(doc, property, choices, depth + 1, examples) : "a";
      }
      const min = flat.bounds.get("minProperties")?.value ?? 0;
      for (const [name, property] of flat.properties) {
        if (Object.keys(out).length >= min) break;
        if (!(name in out)) out[name] = exampleOf(doc, property, choices, depth + 1, examples);
      }
      return out;
    }
    case "array": {
      // One item at least, so a witness has an item to sit in.
      const max = flat.bounds.get("maxItems")?.value ?? 1;
      const min = Math.min(Math.max(flat.bounds.get("minItems")?.value ?? 0, 1), max);
      const item = flat.items ? exampleOf(doc, flat.items, choices, depth + 1, examples) : "a";
      // A tuple's positions each take a value of their own schema; the items after them, of `items`.
      const head = positionsOf(flat).map((p) => exampleOf(doc, p, choices, depth + 1, examples));
      if (head.length > 0) return head.slice(0, flat.bounds.get("maxItems")?.value);
      return Array.from({ length: min }, () => item);
    }
    case "string":
      return stringOf(flat);
    case "integer":
    case "number":
      return numberOf(flat, type === "integer");
    default:
      return TYPE_SAMPLES[type];
  }
}

/** The schemas of a tuple's positions (`prefixItems`), each where it is written. */
export function positionsOf(flat: ReturnType<typeof flatten>): Located[] {
  const prefix = flat.witnessed.get("prefixItems");
  if (!prefix || !Array.isArray(prefix.value)) return [];
  return prefix.value.map((value, i) => ({ value, ptr: `${prefix.ptr}/${i}` }));
}

/** How many `not`/`if` schemas deep the values aimed at a difference look. */
const MAX_INNER = 3;

/** A member name no schema of ours declares: what a closed object refuses. */
const UNLISTED = "zz_unlisted";

/**
 * Values aimed at the difference between two schemas: built from what one accepts and where the other draws
 * its lines (a string one past the new maxLength, the old format's sample, a removed enum value, a value of
 * the old type, an object without a newly required member or with one it does not list, …).
 */
export function aimedAt(
  accepting: { doc: Json; node: Located },
  refusing: { doc: Json; node: Located },
  nested = true,
  depth = 0,
): unknown[] {
  const a = flatten(accepting.doc, accepting.node);
  const r = flatten(refusing.doc, refusing.node);
  const seeds = [exampleOf(accepting.doc, accepting.node), exampleOf(refusing.doc, refusing.node)];
  const out: unknown[] = [...seeds, ...(a.enum?.value ?? [])];
  for (const type of a.types?.value ?? Object.keys(TYPE_SAMPLES)) out.push(TYPE_SAMPLES[type]);
  // A boolean has two values: the sample above is one, a narrowed boolean (`const: true`) refuses the other.
  if (!a.types || a.types.value.has("boolean")) out.push(false);
  const format = a.exact.get("format")?.value;
  if (typeof format === "string" && FORMAT_SAMPLES[format]) out.push(FORMAT_SAMPLES[format]);
  for (const f of [a, r]) {
    const pattern = f.exact.get("pattern")?.value;
    if (typeof pattern === "string") out.push(...stringsMatching(pattern, 8));
  }
  const bound = (k: string) => r.bounds.get(k)?.value;
  for (const k of ["minimum", "exclusiveMinimum"]) {
    const v = bound(k);
    if (v !== undefined) out.push(v - 1, v - 0.5, v);
  }
  for (const k of ["maximum", "exclusiveMaximum"]) {
    const v = bound(k);
    if (v !== undefined) out.push(v + 1, v + 0.5, v);
  }
  const step = a.exact.get("multipleOf")?.value;
  if (typeof step === "number") out.push(...[1, 3, 5, 7].map((k) => k * step));
  const declared = [...new Set([...a.properties.keys(), ...r.properties.keys(), ...a.required.keys()])];
  for (const seed of seeds) {
    if (typeof seed === "string") {
      const maxLength = bound("maxLength");
      const minLength = bound("minLength");
      if (maxLength !== undefined)
        out.push((seed[0] ?? "a").repeat(Math.max(0, maxLength + 1 - seed.length)) + seed);
      if (minLength !== undefined) out.push(seed.slice(0, Math.max(0, minLength - 1)));
    }
    if (Array.isArray(seed)) {
      const item = seed[0] ?? (a.items ? exampleOf(accepting.doc, a.items) : "a");
      out.push([], [item], [item, item], [item, 10, "a"]);
      const maxItems = bound("maxItems");
      if (maxItems !== undefined) {
        out.push(Array.from({ length: maxItems + 1 }, () => item));
        // The seed kept (a tuple's positions stay valid), lengthened past the bound by items the accepting side takes.
        const extra = a.items ? exampleOf(accepting.doc, a.items) : item;
        out.push([...seed, ...Array.from({ length: Math.max(1, maxItems + 1 - seed.length) }, () => extra)]);
      }
      const minItems = bound("minItems");
      if (minItems !== undefined) out.push(seed.slice(0, Math.max(0, minItems - 1)));
      for (const sample of Object.values(TYPE_SAMPLES)) out.push([sample]);
      out.push(Array.from({ length: 3 }, (_, i) => 10 + i));
    }
    if (isPlainObject(seed)) {
      out.push({ ...seed, [UNLISTED]: "x" }, {});
      for (const name of Object.keys(seed))
        out.push(Object.fromEntries(Object.entries(seed).filter(([k]) => k !== name)));
      const full = { ...seed };
      for (const name of declared) {
        const p = a.properties.get(name) ?? r.properties.get(name);
        if (!(name in full))
          full[name] = p ? exampleOf(p === a.properties.get(name) ? accepting.doc : refusing.doc, p) : "a";
      }
      out.push(full);
      // Every subset of the declared members (up to four of them): what a condition or dependency tells apart.
      const few = declared.slice(0, 4);
      for (let mask = 0; mask < 1 << few.length; mask++)
        out.push(Object.fromEntries(few.filter((_, i) => mask & (1 << i)).map((k) => [k, full[k]])));
      // A member the refusing side types and the accepting side leaves open, given a value of each type.
      if (a.additional?.value !== false)
        for (const name of r.properties.keys())
          if (!a.properties.has(name))
            for (const sample of Object.values(TYPE_SAMPLES)) out.push({ ...seed, [name]: sample });
      // A member of the kind the accepting side takes beside its own.
      if (a.additional && a.additional.value !== false)
        out.push({
          ...seed,
          [UNLISTED]: exampleOf(accepting.doc, { value: a.additional.value, ptr: a.additional.ptr }),
        });
      const maxProperties = bound("maxProperties");
      if (maxProperties !== undefined)
        out.push({
          ...full,
          ...Object.fromEntries(Array.from({ length: maxProperties + 1 }, (_, i) => [`zz_${i}`, "x"])),
        });
      for (const f of [a, r]) {
        const members = f.witnessed.get("patternProperties")?.value;
        const patterns = isPlainObject(members) ? Object.keys(members) : [];
        for (const pattern of patterns)
          for (const key of stringsMatching(pattern, 1))
            for (const sample of ["x", 1, true, null]) out.push({ ...seed, [key]: sample });
      }
    }
  }
  // What the refusing side's own negative or conditional keywords describe.
  for (const key of ["not", "if", "contains"]) {
    const sub = r.witnessed.get(key);
    if (sub && isPlainObject(sub.value)) {
      const example = exampleOf(refusing.doc, { value: sub.value, ptr: sub.ptr });
      out.push(key === "contains" ? [example] : example);
    }
  }
  // A `not` or an `if` on both sides: what tells the two inner schemas apart tells the outer ones apart too,
  // in the other direction for `not` (it refuses what its schema accepts) and for the branch an `if` picks.
  for (const key of ["not", "if"]) {
    const x = a.witnessed.get(key);
    const y = r.witnessed.get(key);
    // Schemas nest `not` in `not` only so deep; a $ref cycle through them must not recurse for ever.
    if (depth >= MAX_INNER || !x || !y || !isPlainObject(x.value) || !isPlainObject(y.value)) continue;
    const inner = (doc: Json, at: Located) => ({ doc, node: { value: at.value, ptr: at.ptr } });
    const pair = [inner(accepting.doc, x), inner(refusing.doc, y)] as const;
    for (const [p, q] of [pair, [pair[1], pair[0]] as const]) {
      out.push(...aimedAt(p, q, nested, depth + 1));
      // A condition on a member (`if: {properties: {v: …}}`) or on items differs where their schemas do.
      const fp = flatten(p.doc, p.node);
      const fq = flatten(q.doc, q.node);
      const parts: Array<[Located | undefined, Located | undefined, (v: unknown) => unknown]> = [
        [fp.items, fq.items, (v) => [v]],
        ...[...fp.properties].map(([name, at]): [Located, Located | undefined, (v: unknown) => unknown] => [
          at,
          fq.properties.get(name),
          (v) => ({ [name]: v }),
        ]),
      ];
      for (const [x, y, place] of parts) {
        if (!x || !y) continue;
        for (const value of aimedAt({ doc: p.doc, node: x }, { doc: q.doc, node: y }, nested, depth + 1))
          out.push(place(value));
      }
    }
  }
  // A refusing union draws its lines in its variants: the values aimed at each of them.
  if (r.union && nested)
    for (const variant of r.union.variants)
      out.push(...aimedAt(accepting, { doc: refusing.doc, node: variant }, false));
  return out.filter((v) => jsonType(v) !== "undefined");
}
