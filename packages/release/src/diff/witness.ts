// The witness of a schema change, constructed from the change: values aimed at the changed node (construct.ts)
// set into a whole value of the operation's schema, each checked with the spec's own validator against both
// contracts. A witness is evidence attached to a finding; it never sets the finding's level.

import type { SchemaError } from "@cloud-contract/spec/validator";
import { aimedAt, exampleOf, positionsOf, stringsMatching } from "./construct.js";
import { type FlatSchema, flatten } from "./flatten.js";
import { escapeSegment, valueAt } from "./pointer.js";
import type { Direction, Json, Located } from "./types.js";
import { type Check, checkOf } from "./validators.js";

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

/**
 * One step from a schema into another: a member by name, an array's items, a union's variant, another member
 * (`additionalProperties`: the value built there goes under a new name), or a member's name (`propertyNames`:
 * the value built there becomes the name of a new member).
 */
type Step =
  | { kind: "property"; name: string }
  | { kind: "items"; index: number }
  | { kind: "branch"; index: number }
  | { kind: "applied"; keyword: string; merge?: Record<string, unknown> }
  | { kind: "position"; index: number }
  | { kind: "pattern member"; pattern: string }
  | { kind: "contains" }
  | { kind: "other member" }
  | { kind: "name" };

/**
 * What comes after a pointer inside the node that holds it, when it leads into a child schema (or into
 * `$defs`, schemas kept beside it that apply where they are referenced).
 */
const INTO_CHILD =
  /^(items$|propertyNames$|(properties|items|allOf|prefixItems|additionalProperties|unevaluatedProperties|patternProperties|propertyNames|oneOf|anyOf|not|if|then|else|contains|dependentSchemas|\$defs|definitions)\/)/;

/**
 * Whether a changed keyword's pointer belongs to this node (to one of its merged parts), not to a child. An
 * `additionalProperties` (or `unevaluatedProperties`) that is a schema is a child (the schema of other
 * members); `false` is the node's.
 */
function owns(doc: Json, node: Located, target: string): boolean {
  for (const part of [node.ptr, ...flatten(doc, node).parts]) {
    if (target === part) return true;
    if (!target.startsWith(`${part}/`)) continue;
    const rest = target.slice(part.length + 1);
    const memberSchema =
      (rest === "additionalProperties" || rest === "unevaluatedProperties") &&
      typeof valueAt(doc, target) === "object";
    if (!INTO_CHILD.test(rest) && !memberSchema) return true;
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
    // An item of `items` sits after the tuple's positions, which keep values of their own schemas.
    const index = Math.max(0, ...flats.map((f) => positionsOf(f).length));
    if (items)
      queue.push({ nodes: [items], steps: [...next.steps, { kind: "items", index }], entered: new Set() });
    const other = flats.map((f) => f.additional).find((a) => a && a.value !== false);
    if (other)
      queue.push({
        nodes: [{ value: other.value, ptr: other.ptr }],
        steps: [...next.steps, { kind: "other member" }],
        entered: new Set(),
      });
    for (const step of appliedSteps(doc, flats))
      queue.push({
        nodes: [...next.nodes, step.node],
        steps: [...next.steps, step.step],
        entered: next.entered,
      });
    for (const { node, step } of innerSteps(flats))
      queue.push({ nodes: [node], steps: [...next.steps, step], entered: new Set() });
    // A name is a string and has no members of its own: nothing lies beyond it.
    const names = flats.find((f) => f.propertyNames)?.propertyNames;
    if (names && next.steps.at(-1)?.kind !== "name")
      queue.push({ nodes: [names], steps: [...next.steps, { kind: "name" }], entered: new Set() });
  }
  return undefined;
}

const isObject = (v: unknown): v is Record<string, Json> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Schemas applied to the value itself when it holds something: `then` (when `if` holds: the base is given a value
 * of `if`), `else` (the base as it is), `dependentSchemas/<name>` (the base is given that member).
 */
function appliedSteps(doc: Json, flats: FlatSchema[]): Array<{ node: Located; step: Step }> {
  const out: Array<{ node: Located; step: Step }> = [];
  for (const f of flats) {
    const condition = f.witnessed.get("if");
    for (const keyword of ["then", "else"]) {
      const sub = f.witnessed.get(keyword);
      if (!sub || !isObject(sub.value)) continue;
      const example =
        keyword === "then" && condition && isObject(condition.value)
          ? exampleOf(doc, { value: condition.value, ptr: condition.ptr })
          : undefined;
      out.push({
        node: { value: sub.value, ptr: sub.ptr },
        step: { kind: "applied", keyword, ...(isObject(example) ? { merge: example } : {}) },
      });
    }
    const dependent = f.witnessed.get("dependentSchemas");
    if (dependent && isObject(dependent.value))
      for (const [name, sub] of Object.entries(dependent.value)) {
        const property = f.properties.get(name);
        out.push({
          node: { value: sub, ptr: `${dependent.ptr}/${escapeSegment(name)}` },
          step: {
            kind: "applied",
            keyword: `dependentSchemas/${name}`,
            merge: { [name]: property ? exampleOf(doc, property) : "a" },
          },
        });
      }
  }
  return out;
}

/** Schemas of a part of the value: a position of `prefixItems`, a member matching a pattern, a `contains` item. */
function innerSteps(flats: FlatSchema[]): Array<{ node: Located; step: Step }> {
  const out: Array<{ node: Located; step: Step }> = [];
  for (const f of flats) {
    const prefix = f.witnessed.get("prefixItems");
    if (prefix && Array.isArray(prefix.value))
      for (const [index, sub] of prefix.value.entries())
        out.push({ node: { value: sub, ptr: `${prefix.ptr}/${index}` }, step: { kind: "position", index } });
    const patterns = f.witnessed.get("patternProperties");
    if (patterns && isObject(patterns.value))
      for (const [pattern, sub] of Object.entries(patterns.value))
        out.push({
          node: { value: sub, ptr: `${patterns.ptr}/${escapeSegment(pattern)}` },
          step: { kind: "pattern member", pattern },
        });
    const contains = f.witnessed.get("contains");
    if (contains && isObject(contains.value))
      out.push({ node: { value: contains.value, ptr: contains.ptr }, step: { kind: "contains" } });
  }
  return out;
}

type InPlace = Extract<Step, { kind: "branch" | "applied" }>;
const inPlace = (step: Step): step is InPlace => step.kind === "branch" || step.kind === "applied";

/** The schema a member, item or name step leads to. */
function childOf(f: FlatSchema, step: Exclude<Step, InPlace>): Located | undefined {
  const inner = innerSteps([f]).find((s) => JSON.stringify(s.step) === JSON.stringify(step));
  if (inner) return inner.node;
  if (step.kind === "property") return f.properties.get(step.name);
  if (step.kind === "items") return f.items;
  if (step.kind === "name") return f.propertyNames;
  const other = f.additional;
  return other && other.value !== false ? { value: other.value, ptr: other.ptr } : undefined;
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
    if (step.kind === "applied") {
      const applied = appliedSteps(doc, flats).find(
        (s) => s.step.kind === "applied" && s.step.keyword === step.keyword,
      );
      if (!applied) return undefined;
      nodes = [...nodes, applied.node];
      continue;
    }
    const found = flats.map((f) => childOf(f, step)).find((n) => n !== undefined);
    if (!found) return undefined;
    nodes = [found];
  }
  return nodes[nodes.length - 1];
}

/** The name of a member no schema of ours declares, where a value of `additionalProperties` is set. */
const OTHER_MEMBER = "zz_other";

/**
 * A whole value with `value` at the end of the steps (a property by name, the first item of an array, a
 * variant as the base took it), the members on the way made when the base lacks them. With `trim`, every array on the way keeps only that item: the generator
 * draws the other items freely, and they may break a rule of their own (a step, a contains).
 */
function placed(
  base: unknown,
  steps: Step[],
  value: unknown,
  trim: boolean,
  fill: (walked: number) => unknown,
): unknown {
  const walk = steps.filter((s) => !inPlace(s));
  if (walk.length === 0) {
    // The value is the whole; what an applied schema needs goes into it.
    if (!isObject(value)) return value;
    const whole = structuredClone(value);
    for (const step of steps)
      if (step.kind === "applied") for (const [k, v] of Object.entries(step.merge ?? {})) whole[k] ??= v;
    return whole;
  }
  const copy = structuredClone(base);
  let at: Json = copy;
  let i = -1;
  for (const step of steps) {
    if (!at || typeof at !== "object") return copy;
    if (step.kind === "branch") continue;
    if (step.kind === "applied") {
      // What makes the applied schema hold here (a value of `if`, the dependent member), the base's own first.
      for (const [name, v] of Object.entries(step.merge ?? {})) at[name] ??= structuredClone(v);
      continue;
    }
    i++;
    if (step.kind === "name") {
      // The value is a member's name; the member holds what the object takes of any member.
      if (typeof value === "string") at[value] = structuredClone(fill(i));
      return copy;
    }
    const key =
      step.kind === "property"
        ? step.name
        : step.kind === "other member"
          ? OTHER_MEMBER
          : step.kind === "position" || step.kind === "items"
            ? step.index
            : step.kind === "pattern member"
              ? (stringsMatching(step.pattern, 1)[0] ?? "x")
              : 0;
    if (step.kind === "items" && trim && Array.isArray(at)) at.splice(step.index + 1);
    if (step.kind === "contains" && trim && Array.isArray(at)) at.splice(1);
    if (i === walk.length - 1) at[key] = value;
    else {
      // A base may lack the optional members on the way: they are made from their schema's example.
      at[key] ??= structuredClone(fill(i));
      at = at[key];
    }
  }
  return copy;
}

/**
 * The way along the steps: the variant each union on it takes (what a base value must hold for the steps to
 * lead anywhere), and the node after each member or item step.
 */
function routeOf(
  doc: Json,
  root: Located,
  steps: Step[],
): { choices: Map<string, number>; nodes: Located[] } {
  const choices = new Map<string, number>();
  const walked: Located[] = [];
  let nodes: Located[] = [root];
  for (const step of steps) {
    const flats = nodes.map((node) => flatten(doc, node));
    if (step.kind === "branch") {
      const union = flats.find((f) => f.union)?.union;
      const variant = union?.variants[step.index];
      if (!union || !variant) break;
      choices.set(union.ptr, step.index);
      nodes = [...nodes, variant];
      continue;
    }
    if (step.kind === "applied") {
      const applied = appliedSteps(doc, flats).find(
        (s) => s.step.kind === "applied" && s.step.keyword === step.keyword,
      );
      if (!applied) break;
      nodes = [...nodes, applied.node];
      continue;
    }
    const found = flats.map((f) => childOf(f, step)).find((n) => n !== undefined);
    if (!found) break;
    // After a name step, what fills the new member is a value of the object's other members.
    const member = flats.map((f) => f.additional).find((a) => a && a.value !== false);
    walked.push(step.kind === "name" ? { value: member?.value ?? {}, ptr: member?.ptr ?? found.ptr } : found);
    nodes = [found];
  }
  return { choices, nodes: walked };
}

/**
 * A whole value of the site that the accepting contract takes and the refusing one does not (a request the
 * released contract accepts and the candidate refuses; a response the candidate allows and the released did
 * not), built at the node that owns the changed keyword (`target`, a pointer in each document). Null when no
 * constructed value shows it.
 */
export function constructWitness(
  oldDoc: Json,
  newDoc: Json,
  site: Site,
  target: { accepting: string; refusing: string },
): Candidate | null {
  const request = site.direction === "request";
  const [acceptingDoc, refusingDoc] = request ? [oldDoc, newDoc] : [newDoc, oldDoc];
  const at = (doc: Json, ptr: string): Located => ({ value: valueAt(doc, ptr), ptr });
  const acceptingRoot = at(acceptingDoc, request ? site.before : site.after);
  const refusingRoot = at(refusingDoc, request ? site.after : site.before);
  if (acceptingRoot.value === undefined || refusingRoot.value === undefined) return null;
  const accepts: Check = checkOf(acceptingDoc, acceptingRoot);
  const refuses: Check = checkOf(refusingDoc, refusingRoot);
  const path =
    stepsTo(acceptingDoc, acceptingRoot, target.accepting) ??
    (() => {
      const found = stepsTo(refusingDoc, refusingRoot, target.refusing);
      return found && { steps: found.steps, node: nodeAtSteps(acceptingDoc, acceptingRoot, found.steps) };
    })();
  if (!path?.node) return null;
  const refusingNode = nodeAtSteps(refusingDoc, refusingRoot, path.steps) ?? refusingRoot;
  // Two bases: one from the schemas' own examples, one from their keywords alone (an example may sit in
  // another variant than the steps take).
  const route = routeOf(acceptingDoc, acceptingRoot, path.steps);
  const fills = new Map<number, unknown>();
  const fill = (i: number) => {
    const node = route.nodes[i];
    if (!fills.has(i)) fills.set(i, node ? exampleOf(acceptingDoc, node, route.choices, 0, false) : {});
    return fills.get(i);
  };
  const bases = [
    exampleOf(acceptingDoc, acceptingRoot, route.choices),
    exampleOf(acceptingDoc, acceptingRoot, route.choices, 0, false),
  ];
  const judged = new Set<string>();
  const values = aimedAt({ doc: acceptingDoc, node: path.node }, { doc: refusingDoc, node: refusingNode });
  // Trimming arrays to the one item matters only where the steps go through an array.
  const trims = path.steps.some((step) => step.kind === "items" || step.kind === "contains")
    ? [false, true]
    : [false];
  const wholes = (value: unknown) =>
    bases.flatMap((base) => trims.map((trim) => placed(base, path.steps, value, trim, fill)));
  // Values that tell the two nodes apart by themselves go first; the rest only when none of them does.
  const acceptedHere = checkOf(acceptingDoc, path.node);
  const refusedHere = checkOf(refusingDoc, refusingNode);
  const telling = values.filter((v) => acceptedHere(v).valid && !refusedHere(v).valid);
  for (const value of telling.length > 0 ? telling : values) {
    for (const whole of wholes(value)) {
      const key = JSON.stringify(whole);
      if (key === undefined || judged.has(key)) continue;
      judged.add(key);
      if (!accepts(whole).valid) continue;
      const verdict = refuses(whole);
      if (!verdict.valid) return { value: whole, errors: verdict.errors };
    }
  }
  return null;
}
