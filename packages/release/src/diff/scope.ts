// What a rule module's detector is handed: the two documents, where it is, and where to report.
import type { DeprecationPolicy } from "./deprecation.js";
import type { Direction, Json, Located } from "./types.js";
import type { Site } from "./witness.js";

/** A change a detector found, before the operation adds itself; `rule` is an id of the detector's module. */
export interface Change {
  rule: string;
  message: string;
  before: string;
  after: string;
}

/** A change as an operation reports it: where the schema it was found in is read or sent. */
export type SitedChange = Change & { site?: Site };

/** An operation of a document, with its path item. */
export interface OperationNode extends Located {
  path: string;
  pathItem: Located;
  /** `GET /tasks/{task_id}` */
  label: string;
}

/** What a change inside one operation needs to become a finding. */
export interface OperationScope {
  oldDoc: Json;
  newDoc: Json;
  policy: DeprecationPolicy;
  stability: string;
  report: (change: SitedChange) => void;
  /** Compares the schemas the operation reads or sends at `place` (`query limit`, `request body …`). */
  compareSchemasAt: (direction: Direction, place: string, a: Located, b: Located) => void;
}

/**
 * The JSON types the schema around a node allows, per side: a union variant is read within its union's own
 * `type`, and a plain schema paired with one variant of a union by type is read as that type alone.
 */
export interface Within {
  old?: Set<string>;
  new?: Set<string>;
}

export interface SchemaContext {
  oldDoc: Json;
  newDoc: Json;
  direction: Direction;
  report: (change: Change) => void;
  policy: DeprecationPolicy;
  /** The operation's `x-stability-level`. */
  stability: string;
  /** The types the enclosing schema allows this pair (unset: any). */
  within?: Within;
  /**
   * Compares two child schemas (a property, a variant, items) in the same context (reporting to `report`);
   * `aside`: as a question only, the pairs it compares not remembered as compared for the rest of the walk.
   */
  compare: (
    a: Located,
    b: Located,
    within?: Within,
    report?: (change: Change) => void,
    aside?: boolean,
  ) => void;
}
