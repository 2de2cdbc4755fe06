import type { EntityIndex } from "../collections/collection.js";
import type { TaskPlan } from "./cloud/shapes.js";

/** What a kind's rows may keep beside the entity: how a running task will end. */
export interface RowContext {
  planOf(taskId: string): TaskPlan | undefined;
  setPlan(taskId: string, plan: TaskPlan | undefined): void;
}

export type Indexes<V> = Record<string, EntityIndex<V>>;

/**
 * One kind of entity a request can change, declared once by the service that owns it: its id, its seeded
 * fixtures and its indexes. The store keeps each kind in a collection; its changes, reset, export, loading and
 * every backend's rows are generic over these declarations.
 */
export interface EntityKindDeclaration<K extends string | number, V, I extends Indexes<V>> {
  idOf(value: V): K;
  /** A row keeps its id as text: the kind's id from it. */
  parseId(text: string): K;
  /** The seeded fixtures (new objects on every call). */
  seed(): V[];
  /** New, empty indexes; the collection keeps them up to date. */
  indexes(): I;
  /** The order stored rows are put back in (their insertion order is the indexes' order). */
  loadOrder?: (a: V, b: V) => number;
  /** What a row holds, when more than the entity; and the entity from such a row. */
  toRow?(value: V, context: RowContext): unknown;
  fromRow?(row: unknown, context: RowContext): V;
}

/** A kind's declaration, seen without its precise types (for code generic over every kind). */
export type AnyEntityKindDeclaration = EntityKindDeclaration<string | number, unknown, Indexes<unknown>>;

/** Declares a kind of entity, its types inferred from the declaration. */
export function declareKind<K extends string | number, V, I extends Indexes<V>>(
  declaration: EntityKindDeclaration<K, V, I>,
): EntityKindDeclaration<K, V, I> {
  return declaration;
}

/** The indexes of a kind that has none. */
export const noIndexes = (): Record<string, never> => ({});
/** The id of a kind whose ids are text, from its row id. */
export const textId = (text: string): string => text;
/** The id of a kind whose ids are numbers, from its row id. */
export const numberId = (text: string): number => Number(text);
