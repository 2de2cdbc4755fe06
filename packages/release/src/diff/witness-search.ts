// The search for a value that proves a schema change breaks consumers. Values come from the contract suite's
// generators (fast-check, seeded): values of the side that accepts, and values that break one constraint of
// the side that refuses, drawn at the changed node and set into a whole value of the operation's schema
// (the rest drawn valid). Each whole value is checked with the spec's own validator against both contracts.
import { createRequire } from "node:module";
import {
  createSchemaValidator,
  type SchemaError,
  type ValidationResult,
} from "@cloud-contract/spec/validator";
import fc from "fast-check";
import { flatten } from "./flatten.js";
import { valueAt } from "./pointer.js";
import type { Direction, Json, Located } from "./types.js";

/** At most this many whole values are judged per finding, and for at most this long. */
export const WITNESS_TRIES = 100;
export const WITNESS_MS = 1000;
const SEED = 4501;

/** A schema an operation reads or sends, in each contract: the root whole values are drawn of. */
export interface Site {
  direction: Direction;
  /** `request body application/json`, `query limit`, `response 200 application/json` */
  place: string;
  before: string;
  after: string;
}

/** A whole value the accepting contract takes and the refusing one does not, with what the refusing one says. */
export interface Candidate {
  value: unknown;
  errors: SchemaError[];
}

type Check = (value: unknown) => ValidationResult;
/** The generator's plans (@cloud-contract/contract-tests/generators): steps from a root, then a goal. */
type Step = { kind: "property"; name: string } | { kind: "items" } | { kind: "branch"; index: number };
interface Plan {
  steps: Step[];
  goal: { kind: string; [key: string]: unknown };
}

/** What the search uses of the contract suite's generators. */
interface Generators {
  ArbitraryBuilder: new (doc: Json) => { build(schema: Json, plan?: Plan): fc.Arbitrary<unknown> };
  plansOf(doc: Json, schema: Json): Plan[];
}

let loaded: Generators | null | undefined;

/**
 * The contract suite's generators, or null when that package is not built: the gate runs on the spec alone
 * (no build stands before it), so they are loaded when there, not required.
 */
export function generators(): Generators | null {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)("@cloud-contract/contract-tests/generators") as Generators;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/** What one document needs for the search: a copy the validator accepts, its validator and its generator. */
interface Side {
  doc: Json;
  compile: (schema: object) => Check;
  /** Draws values of a schema of `doc` (through the generator's copy of it, see forTheGenerator). */
  build: (schema: Json, plan?: Plan) => fc.Arbitrary<unknown>;
  /** The generator's plans over a schema of `doc`: its branches, enum values, optional fields, constraints. */
  plans: (schema: Json) => Plan[];
}

const ANNOTATIONS = new Set(["description", "title", "examples", "example", "$comment"]);

/** URLs for the generator to draw: fast-check's own URL arbitrary takes seconds to prepare in a process. */
const URL_PATTERN = "^https://[a-z]{1,10}\\.example\\.com/[a-z0-9]{0,10}$";

/**
 * The schemas as the generator is to read them (the validator reads the originals): the generator resolves a
 * `$ref` without its siblings, so a schema with both becomes `allOf: [$ref, siblings]`, which means the same;
 * `format: uri` becomes a pattern of plain URLs. Remembered per object, so the generator's caches still hit.
 */
function forTheGenerator(memo: WeakMap<object, Json>) {
  const rewrite = (value: Json): Json => {
    if (!value || typeof value !== "object") return value;
    const known = memo.get(value);
    if (known) return known;
    let out: Json;
    if (Array.isArray(value)) out = value.map(rewrite);
    else {
      const { $ref, ...rest } = value;
      const own: Json = {};
      for (const [key, item] of Object.entries(rest)) own[key] = rewrite(item);
      if (own.format === "uri" && typeof own.pattern !== "string") {
        delete own.format;
        own.pattern = URL_PATTERN;
      }
      const constrained = Object.keys(own).some((key) => !ANNOTATIONS.has(key));
      if (typeof $ref === "string" && constrained) out = { allOf: [{ $ref }, own] };
      else out = $ref === undefined ? own : { $ref, ...own };
    }
    memo.set(value, out);
    return out;
  };
  return rewrite;
}

/** Strict ajv refuses keywords it does not know: extensions (`x-*`) are annotations, left out of the copy. */
function withoutExtensions(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutExtensions);
  if (!value || typeof value !== "object") return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value))
    if (!key.startsWith("x-")) out[key] = withoutExtensions(item);
  return out;
}

const sides = new WeakMap<object, Side>();
/** Sides by document text, the latest few: a copy of a document compiles no validator again. */
const byText = new Map<string, Side>();
const KEPT_SIDES = 16;

function sideOf(doc: Json, { ArbitraryBuilder, plansOf }: Generators): Side {
  const known = sides.get(doc);
  if (known) return known;
  const text = JSON.stringify(doc);
  let side = byText.get(text);
  if (!side) {
    const clean = withoutExtensions(doc);
    const validator = createSchemaValidator(clean);
    const forGenerator = forTheGenerator(new WeakMap());
    const builder = new ArbitraryBuilder(forGenerator(clean));
    side = {
      doc: clean,
      compile: (schema) => validator.compile(schema),
      build: (schema, plan) => builder.build(forGenerator(schema), plan),
      plans: (schema) => plansOf(clean, schema),
    };
    byText.set(text, side);
    for (const oldest of byText.keys()) {
      if (byText.size <= KEPT_SIDES) break;
      byText.delete(oldest);
    }
  }
  sides.set(doc, side);
  return side;
}

/** Up to `n` values of an arbitrary, or none when the generator cannot draw from the schema. */
function draw(arbitrary: () => fc.Arbitrary<unknown>, n: number, seed = SEED): unknown[] {
  try {
    return fc.sample(arbitrary(), { seed, numRuns: n });
  } catch {
    return [];
  }
}

/** The value once more, with one member its object does not list: what a closed schema refuses. */
const withExtraMember = (value: unknown): unknown[] =>
  value && typeof value === "object" && !Array.isArray(value) ? [{ ...value, zz_unlisted: "x" }] : [];

/** An object once with no member and once without each of its members: what a new `required` refuses. */
function withoutMembers(value: unknown): unknown[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const entries = Object.entries(value);
  return [{}, ...entries.map(([name]) => Object.fromEntries(entries.filter(([key]) => key !== name)))];
}

/** What comes after a pointer inside the node that holds it, when it leads into a child schema. */
const INTO_CHILD =
  /^(items$|(properties|items|allOf|prefixItems|additionalProperties|patternProperties|propertyNames|oneOf|anyOf|not|if|then|else|contains|dependentSchemas)\/)/;

/** Whether a changed keyword's pointer belongs to this node (to one of its merged parts), not to a child. */
function owns(doc: Json, node: Located, target: string): boolean {
  for (const part of [node.ptr, ...flatten(doc, node).parts]) {
    if (target === part) return true;
    if (target.startsWith(`${part}/`) && !INTO_CHILD.test(target.slice(part.length + 1))) return true;
  }
  return false;
}

/**
 * The generator's steps from a root schema to the node that owns `target` (breadth first), if it is reached.
 * A union is entered through one of its variants (the generator merges the parent into the variant), so the
 * parent's fields are reached through a branch step too.
 */
function stepsTo(doc: Json, root: Located, target: string): { steps: Step[]; node: Located } | undefined {
  interface Entry {
    nodes: Located[];
    steps: Step[];
    entered: Set<string>;
  }
  const queue: Entry[] = [{ nodes: [root], steps: [], entered: new Set() }];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next || next.steps.length > 12) continue;
    const id = `${next.nodes.map((n) => n.ptr).join("+")}|${[...next.entered].join("+")}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const owner = next.nodes.find((node) => owns(doc, node, target));
    if (owner) return { steps: next.steps, node: owner };
    const flats = next.nodes.map((node) => flatten(doc, node));
    const union = flats.find((f) => f.union && !next.entered.has(f.union.ptr))?.union;
    if (union) {
      union.variants.forEach((variant, index) => {
        queue.push({
          nodes: [...next.nodes, variant],
          steps: [...next.steps, { kind: "branch", index }],
          entered: new Set([...next.entered, union.ptr]),
        });
      });
      continue;
    }
    const properties = new Map<string, Located>();
    for (const flat of flats)
      for (const [name, p] of flat.properties) if (!properties.has(name)) properties.set(name, p);
    for (const [name, property] of properties)
      queue.push({
        nodes: [property],
        steps: [...next.steps, { kind: "property", name }],
        entered: new Set(),
      });
    const items = flats.find((f) => f.items)?.items;
    if (items) queue.push({ nodes: [items], steps: [...next.steps, { kind: "items" }], entered: new Set() });
  }
  return undefined;
}

/** The node the same steps reach in another document (a property by name, a variant by index). */
function nodeAtSteps(doc: Json, root: Located, steps: Step[]): Located | undefined {
  let nodes: Located[] = [root];
  for (const step of steps) {
    const flats = nodes.map((node) => flatten(doc, node));
    if (step.kind === "branch") {
      const variant = flats.find((f) => f.union)?.union?.variants[step.index];
      if (!variant) return undefined;
      nodes = [...nodes, variant];
      continue;
    }
    const found = flats
      .map((f) => (step.kind === "property" ? f.properties.get(step.name) : f.items))
      .find((n) => n !== undefined);
    if (!found) return undefined;
    nodes = [found];
  }
  return nodes[nodes.length - 1];
}

/** Values the generators draw at one node: its own branches, enum values and optional fields, and free values. */
function valuesOf(side: Side, schema: Json, n: number): unknown[] {
  let plans: Plan[] = [];
  try {
    plans = side.plans(schema).filter((p) => p.goal.kind !== "break" && p.steps.length === 0);
  } catch {
    plans = [];
  }
  const steered = plans.flatMap((plan) => draw(() => side.build(schema, plan), 1));
  const free = draw(() => side.build(schema), n);
  return [
    ...steered,
    ...free,
    ...free.slice(0, 4).flatMap(withoutMembers),
    ...free.slice(0, 2).flatMap(withExtraMember),
  ];
}

/** Values that break one constraint of a node (its own, not its children's), the rest of it valid. */
function breaking(side: Side, schema: Json): unknown[] {
  let plans: Plan[] = [];
  try {
    plans = side.plans(schema).filter((p) => p.goal.kind === "break" && p.steps.length === 0);
  } catch {
    plans = [];
  }
  return plans.flatMap((plan) => draw(() => side.build(schema, plan), 2));
}

/** Values the refusing node's keywords of their own refuse: what its `not`, `if` or `contains` describe. */
function refusedByWitnessed(side: Side, node: Located): unknown[] {
  const flat = flatten(side.doc, node);
  const out: unknown[] = [];
  // An array with no item at all has none that `contains` asks for.
  if (flat.witnessed.has("contains") || flat.witnessed.has("minContains")) out.push([]);
  for (const key of ["not", "if"]) {
    const value = flat.witnessed.get(key)?.value as Json;
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    out.push(...draw(() => side.build(value), 6));
  }
  return out;
}

/**
 * Accepted values moved to the edges of the refusing node's limits, which random values seldom reach: a
 * string grown past its maxLength (its first character repeated, so a format or pattern still holds) or cut
 * below its minLength, numbers just past each bound, an array grown, cut, or with its first item twice.
 */
function atTheEdges(
  refusing: Side,
  node: Located,
  accepting: Side,
  acceptingNode: Located | undefined,
  accepted: unknown[],
): unknown[] {
  const refused = flatten(refusing.doc, node);
  const bounds = refused.bounds;
  const bound = (key: string) => bounds.get(key)?.value;
  const out: unknown[] = [];
  for (const key of ["minimum", "exclusiveMinimum"]) {
    const b = bound(key);
    if (b !== undefined) out.push(b - 1, b - 0.5, b);
  }
  for (const key of ["maximum", "exclusiveMaximum"]) {
    const b = bound(key);
    if (b !== undefined) out.push(b + 1, b + 0.5, b);
  }
  const maxLength = bound("maxLength");
  const minLength = bound("minLength");
  const maxItems = bound("maxItems");
  const minItems = bound("minItems");
  // Multiples of the accepting side's step, which free values seldom are.
  const step = acceptingNode && flatten(accepting.doc, acceptingNode).exact.get("multipleOf")?.value;
  if (typeof step === "number") out.push(...[1, 3, 5, 7].map((k) => k * step));
  const maxProperties = bound("maxProperties");
  const patterns = Object.keys((refused.witnessed.get("patternProperties")?.value as Json) ?? {});
  for (const value of accepted.slice(0, 6)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (maxProperties !== undefined) {
        const extra = Array.from({ length: maxProperties + 1 }, (_, i) => [`zz_${i}`, "x"]);
        out.push({ ...value, ...Object.fromEntries(extra) });
      }
      for (const pattern of patterns) {
        const key = draw(() => fc.stringMatching(new RegExp(pattern)), 1)[0];
        if (typeof key === "string")
          for (const item of ["x", 1, true, null]) out.push({ ...value, [key]: item });
      }
    }
    if (typeof value === "string") {
      if (maxLength !== undefined)
        out.push((value[0] ?? "a").repeat(Math.max(0, maxLength + 1 - value.length)) + value);
      if (minLength !== undefined) out.push(value.slice(0, Math.max(0, minLength - 1)));
    }
    if (Array.isArray(value) && value.length > 0) {
      out.push([...value, value[0]]);
      if (maxItems !== undefined)
        out.push(Array.from({ length: maxItems + 1 }, (_, i) => value[i % value.length]));
      if (minItems !== undefined) out.push(value.slice(0, Math.max(0, minItems - 1)));
    }
  }
  return out;
}

/**
 * A whole value with `value` at the end of the steps (a property by name, the first item of an array, a
 * variant as the base took it), the members on the way made when the base lacks them. With `trim`, every array on the way keeps only that item: the generator
 * draws the other items freely, and they may break a rule of their own (a step, a contains).
 */
function placed(base: unknown, steps: Step[], value: unknown, trim: boolean): unknown {
  const walk = steps.filter((s) => s.kind !== "branch");
  if (walk.length === 0) return value;
  const copy = structuredClone(base);
  let at: Json = copy;
  for (const [i, step] of walk.entries()) {
    if (!at || typeof at !== "object") return copy;
    const key = step.kind === "property" ? step.name : 0;
    if (step.kind === "items" && trim && Array.isArray(at)) at.splice(1);
    if (i === walk.length - 1) at[key] = value;
    else {
      // A free value may lack the optional members on the way: they are made, empty, for the value to sit in.
      at[key] ??= walk[i + 1]?.kind === "items" ? [] : {};
      at = at[key];
    }
  }
  return copy;
}

interface Search {
  accepts: Check;
  refuses: Check;
  accepting: Side;
  refusing: Side;
  acceptingRoot: Located;
  refusingRoot: Located;
}

function prepare(oldDoc: Json, newDoc: Json, site: Site, gen: Generators): Search | undefined {
  const request = site.direction === "request";
  const accepting = sideOf(request ? oldDoc : newDoc, gen);
  const refusing = sideOf(request ? newDoc : oldDoc, gen);
  const at = (side: Side, ptr: string): Located => ({ value: valueAt(side.doc, ptr), ptr });
  const acceptingRoot = at(accepting, request ? site.before : site.after);
  const refusingRoot = at(refusing, request ? site.after : site.before);
  if (!acceptingRoot.value || typeof acceptingRoot.value !== "object" || !refusingRoot.value)
    return undefined;
  try {
    return {
      accepts: accepting.compile(acceptingRoot.value),
      refuses: refusing.compile(refusingRoot.value),
      accepting,
      refusing,
      acceptingRoot,
      refusingRoot,
    };
  } catch {
    return undefined;
  }
}

/**
 * A whole value of the site that the accepting contract takes and the refusing one does not (a request the
 * released contract accepts and the candidate refuses; a response the candidate allows and the released did
 * not), drawn at the node that owns the changed keyword (`target`, a pointer in the accepting document).
 * Undefined when a schema cannot be compiled or the generators are not built; null when no witness turned up
 * within the bounds.
 */
export function searchWitness(
  oldDoc: Json,
  newDoc: Json,
  site: Site,
  target: { accepting: string; refusing: string },
): Candidate | null | undefined {
  const gen = generators();
  if (!gen) return undefined;
  const search = prepare(oldDoc, newDoc, site, gen);
  if (!search) return undefined;
  const { accepting, refusing, acceptingRoot, refusingRoot } = search;
  const path =
    stepsTo(accepting.doc, acceptingRoot, target.accepting) ??
    (() => {
      const found = stepsTo(refusing.doc, refusingRoot, target.refusing);
      return found && { steps: found.steps, node: nodeAtSteps(accepting.doc, acceptingRoot, found.steps) };
    })();
  if (!path?.node) return null;
  const refusingNode = nodeAtSteps(refusing.doc, refusingRoot, path.steps);
  // The clock starts at the first value judged: compiling and warming the generators is paid once.
  let deadline = Number.POSITIVE_INFINITY;
  const judged = new Set<string>();
  const local: Array<() => unknown[]> = [
    () => (refusingNode ? breaking(refusing, refusingNode.value) : []),
    () => (refusingNode ? refusedByWitnessed(refusing, refusingNode) : []),
    () => valuesOf(accepting, path.node?.value, 16),
  ];
  if (refusingNode) {
    const node = refusingNode;
    const accepted = () => valuesOf(accepting, path.node?.value, 4);
    local.splice(2, 0, () => atTheEdges(refusing, node, accepting, path.node, accepted()));
  }
  // Whole values steered to the node (a placeholder there), drawn once: each local value is set into them.
  let drawn: unknown[] | undefined;
  const steered: Plan = { steps: path.steps, goal: { kind: "enum", value: null } };
  const bases = () => {
    // Steering builds the arbitrary anew; without a variant on the way, the root's own (kept) one serves.
    const through = path.steps.some((step) => step.kind === "branch");
    drawn ??=
      path.steps.length === 0
        ? [null]
        : through
          ? draw(() => accepting.build(acceptingRoot.value, steered), 2)
          : draw(() => accepting.build(acceptingRoot.value), 2);
    return drawn;
  };
  for (const source of local) {
    for (const value of source()) {
      const wholes = bases().flatMap((base) => [
        placed(base, path.steps, value, false),
        placed(base, path.steps, value, true),
      ]);
      for (const whole of wholes) {
        const key = JSON.stringify(whole);
        if (key === undefined || judged.has(key)) continue;
        judged.add(key);
        if (judged.size === 1) deadline = performance.now() + WITNESS_MS;
        if (search.accepts(whole).valid) {
          const verdict = search.refuses(whole);
          if (!verdict.valid) return { value: whole, errors: verdict.errors };
        }
        if (judged.size >= WITNESS_TRIES || performance.now() > deadline) return null;
      }
    }
  }
  return null;
}
