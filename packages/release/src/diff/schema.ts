// The schema walker: flattens two schemas and hands them to the schema rule families, which report what
// changed and recurse into child schemas through it.
import { distinguish } from "./distinguish.js";
import { type FlatSchema, flatten } from "./flatten.js";
import { compareEnums } from "./rules/enums.js";
import { compareAdditional, compareLimits, compareWitnessed, limit } from "./rules/limits.js";
import { compareProperties } from "./rules/properties.js";
import { compareUnions } from "./rules/unions.js";
import { compareTypes } from "./rules/value-types.js";
import type { Change, SchemaContext, Within } from "./scope.js";
import type { Located } from "./types.js";

/** One walk through a pair of schemas: the rules' context without its recursion, and what it has seen. */
export interface SchemaWalk extends Omit<SchemaContext, "compare"> {
  /** Pairs of schema pointers already compared (recursive schemas, shared components). */
  seen: Set<string>;
  /** Changes between two components, by direction, stability and pointers, shared by a whole comparison. */
  pairs: Map<string, Change[]>;
}

/**
 * Compares two schemas by meaning. A request schema may loosen (old requests stay valid); a response schema
 * may tighten (old reading code stays valid); everything else is judged by the rules' levels.
 */
export function compareSchemas(walk: SchemaWalk, oldNode: Located, newNode: Located): void {
  const key = `${oldNode.ptr}|${newNode.ptr}${withinKey(walk.within)}`;
  if (walk.seen.has(key)) return;
  walk.seen.add(key);
  // Two components are compared once per direction and stability level, whichever operation reaches them.
  if (!oldNode.ptr.startsWith("/components/") || !newNode.ptr.startsWith("/components/")) {
    compareNow(walk, oldNode, newNode);
    return;
  }
  const pairKey = `${walk.direction}|${walk.stability}|${key}`;
  const known = walk.pairs.get(pairKey);
  if (known) {
    for (const change of known) walk.report(change);
    return;
  }
  const found: Change[] = [];
  const report = walk.report;
  const collect = (change: Change) => {
    found.push(change);
    report(change);
  };
  compareNow({ ...walk, report: collect }, oldNode, newNode);
  walk.pairs.set(pairKey, found);
}

const withinKey = (within: Within | undefined) =>
  within ? `|${[...(within.old ?? ["*"])].join(",")}|${[...(within.new ?? ["*"])].join(",")}` : "";

/** A union that is the whole schema, with no type or fields of its own beside it. */
const isPureUnion = (f: FlatSchema) =>
  f.union !== undefined && f.types === undefined && f.properties.size === 0;

function compareNow(walk: SchemaWalk, oldNode: Located, newNode: Located): void {
  const ctx: SchemaContext = {
    ...walk,
    compare: (x, y, within, report, aside) =>
      compareSchemas(
        {
          ...walk,
          within,
          report: report ?? walk.report,
          ...(aside ? { seen: new Set<string>(), pairs: new Map<string, Change[]>() } : {}),
        },
        x,
        y,
      ),
  };
  const a = flatten(ctx.oldDoc, oldNode);
  const b = flatten(ctx.newDoc, newNode);
  if (a.union && b.union) compareUnions(ctx, a, b, oldNode, newNode);
  else if (isPureUnion(a) || isPureUnion(b)) {
    // A plain schema that became a union (or the reverse) is judged as a union of one.
    compareUnions(ctx, a, b, oldNode, newNode);
    return;
  } else if (a.union || b.union) {
    // A union beside the schema's own shape only constrains it: adding one narrows, dropping one widens.
    // Values built from both sides tell which way it goes (a union rewritten from the schema's own keywords
    // may accept the same); when none tells, adding one narrows and dropping one widens.
    const kind = (a.union ?? b.union)?.kind;
    const at: [string, string] = [a.union?.ptr ?? a.ptr, b.union?.ptr ?? b.ptr];
    const message = `${kind} constraint ${b.union ? "added" : "dropped"}`;
    const shown = distinguish(
      ctx.oldDoc,
      readAs(oldNode, walk.within?.old),
      ctx.newDoc,
      readAs(newNode, walk.within?.new),
    );
    if (shown.narrower) limit(ctx, true, a, b, message, at);
    if (shown.wider) limit(ctx, false, a, b, message, at);
    if (!shown.narrower && !shown.wider) limit(ctx, b.union !== undefined, a, b, message, at);
  }
  compareTypes(ctx, a, b);
  compareEnums(ctx, a, b);
  compareLimits(ctx, a, b);
  compareProperties(ctx, a, b);
  compareAdditional(ctx, a, b);
  if (a.propertyNames && b.propertyNames) ctx.compare(a.propertyNames, b.propertyNames);
  else if (a.propertyNames || b.propertyNames)
    limit(ctx, b.propertyNames !== undefined, a, b, "propertyNames");
  if (a.items && b.items) ctx.compare(a.items, b.items);
  // `items: false` on either side is judged as the `maxItems` bound it is (flatten.ts).
  else if ((a.items || b.items) && !a.closedItems && !b.closedItems)
    limit(ctx, b.items !== undefined, a, b, `items ${b.items ? "constrained" : "unconstrained"}`);
  compareWitnessed(ctx, a, b, oldNode, newNode);
}

/** A schema read as only the given types (the enclosing schema's), for values built from it. */
function readAs(node: Located, types: Set<string> | undefined): Located {
  if (!types) return node;
  return { value: { type: [...types], allOf: [node.value] }, ptr: `${node.ptr}#as:${[...types].join(",")}` };
}
