import type { Collection, EntityIndex } from "../collections/collection.js";

export type Indexes<V> = Record<string, EntityIndex<V>>;

/**
 * What the API's contract says an entity of a kind is: what an operation answers with it (`status` of
 * `operationId`), or, for an entity no operation answers whole, a JSON Schema of the sandbox's own (its `$ref`s
 * point into the spec's components). A snapshot or seed is checked against it before it is loaded.
 */
export type EntityContract = { answer: { operationId: string; status: number } } | { schema: object };

/**
 * A value an entity names that must exist: the id of an entity of another kind (`to` a kind's name) or of
 * reference data (`to` a list of the state export: `regions`, `networks`, `resellers`…), at `pointer` in it.
 */
export interface EntityReference {
  pointer: string;
  to: string;
  id: string | number;
}

/**
 * One kind of entity a request can change, declared once by the service that owns it: its id, its seeded
 * fixtures and its indexes. The store keeps each kind in a collection; its changes, reset, export, loading and
 * every backend's rows are generic over these declarations. `X` is what its rows are made with beside the
 * entity (the owning service's tenant part, see `TenantPart`), when they hold more than the entity.
 */
export interface EntityKindDeclaration<K extends string | number, V, I extends Indexes<V>, X = unknown> {
  idOf(value: V): K;
  /** A row keeps its id as text: the kind's id from it. */
  parseId(text: string): K;
  /** The seeded fixtures (new objects on every call). */
  seed(): V[];
  /** New, empty indexes; the collection keeps them up to date. */
  indexes(): I;
  /** The order stored rows are put back in (their insertion order is the indexes' order). */
  loadOrder?(a: V, b: V): number;
  /**
   * What a row holds, when more than the entity (`context` undefined: the entity alone, as a snapshot lists
   * it); and the entity from such a row, `context` taking what the row keeps beside it.
   */
  toRow?(value: V, context: X | undefined): unknown;
  fromRow?(row: unknown, context: X): V;
  /** What the entity must be, per the API's contract (see {@link EntityContract}). */
  contract: EntityContract;
  /** What the entity names that must exist (see {@link EntityReference}). */
  references?(value: V): EntityReference[];
  /** The counter that numbers new entities of the kind: a loaded snapshot keeps it above every id it holds. */
  counter?: string;
}

/** A kind's declaration, seen without its precise types (for code generic over every kind). */
export type AnyEntityKindDeclaration = EntityKindDeclaration<string | number, unknown, Indexes<unknown>>;

/** Declares a kind of entity, its types inferred from the declaration. */
export function declareKind<K extends string | number, V, I extends Indexes<V>, X = unknown>(
  declaration: EntityKindDeclaration<K, V, I, X>,
): EntityKindDeclaration<K, V, I, X> {
  return declaration;
}

/** The collection the store keeps of a declared kind, with its indexes by name. */
export type CollectionOf<D> =
  D extends EntityKindDeclaration<infer K, infer V, infer I, infer _X>
    ? Collection<K, V> & { index: I }
    : never;
/** The collections of declared kinds, by the kinds' names. */
export type CollectionsOf<E> = { [N in keyof E]: CollectionOf<E[N]> };
/** The entity of a declared kind. */
export type EntityOfKind<D> =
  D extends EntityKindDeclaration<infer _K, infer V, infer _I, infer _X> ? V : never;

/** The indexes of a kind that has none. */
export const noIndexes = (): Record<string, never> => ({});
/** The id of a kind whose ids are text, from its row id. */
export const textId = (text: string): string => text;
/** The id of a kind whose ids are numbers, from its row id. */
export const numberId = (text: string): number => Number(text);
