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

export interface SchemaContext {
  oldDoc: Json;
  newDoc: Json;
  direction: Direction;
  report: (change: Change) => void;
  policy: DeprecationPolicy;
  /** The operation's `x-stability-level`. */
  stability: string;
  /** Compares two child schemas (a property, a variant, items) in the same context. */
  compare: (a: Located, b: Located) => void;
}
