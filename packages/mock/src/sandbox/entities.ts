// The entities of a tenant's store, generic over the kinds every service declares (see `services/`).

import { keysOf } from "../lists.js";
import { Collection } from "./collections/collection.js";
import type {
  AnyEntityKindDeclaration,
  CollectionsOf,
  EntityOfKind,
  Indexes,
} from "./services/entity-kind.js";
import { ENTITIES, KIND_OWNERS } from "./services/services.js";

type Declarations = typeof ENTITIES;
/** The kinds of entity a request can change, each kept as one row per entity by a durable backend. */
export type EntityKind = keyof Declarations;
export const ENTITY_KINDS = keysOf(ENTITIES);

/** The entity of a kind. */
export type EntityOf<N extends EntityKind> = EntityOfKind<Declarations[N]>;
/** A kind's collection, with its indexes by name. */
export type EntityCollection<N extends EntityKind> = Entities[N];
/** Every kind's collection. */
export type Entities = CollectionsOf<Declarations>;

type AnyCollection = Collection<string | number, unknown> & { index: Indexes<unknown> };

/** The declaration of a kind by its name (an unknown name is a programming error). */
export function declarationOf(kind: string): AnyEntityKindDeclaration {
  const owner = KIND_OWNERS.get(kind);
  if (!owner) throw new Error(`no service declares entities of kind ${kind}`);
  return owner.declaration;
}

/** A collection of every kind, each holding its seeded fixtures (or nothing, without `fixtures`). */
export function openEntities(fixtures = true): Entities {
  const entities: Record<string, AnyCollection> = {};
  for (const kind of ENTITY_KINDS) {
    const declaration = declarationOf(kind);
    const index = declaration.indexes();
    const collection = Object.assign(new Collection<string | number, unknown>(Object.values(index)), {
      index,
    });
    if (fixtures) for (const value of declaration.seed()) collection.put(declaration.idOf(value), value);
    entities[kind] = collection;
  }
  return entities as unknown as Entities;
}

/** The collection of `kind`, seen without its precise types. */
const anyCollection = (entities: Entities, kind: EntityKind) => entities[kind] as unknown as AnyCollection;

/** What a backend keeps of an entity: the entity, or what its kind's `toRow` makes of it. */
const rowFor = (declaration: AnyEntityKindDeclaration, value: unknown, context: unknown): unknown =>
  declaration.toRow ? declaration.toRow(value, context) : value;

/** The row a backend keeps of an entity of `kind` with this id (undefined when there is none). */
export function rowOf(entities: Entities, kind: EntityKind, id: string, context: unknown): unknown {
  const declaration = declarationOf(kind);
  const value = anyCollection(entities, kind).peek(declaration.parseId(id));
  return value === undefined ? undefined : rowFor(declaration, value, context);
}

/** Puts stored rows of one kind into its collection (in the kind's load order), replacing entities of their id. */
export function putRows(entities: Entities, kind: EntityKind, rows: unknown[], context: unknown): void {
  const declaration = declarationOf(kind);
  const values = rows.map((row) => (declaration.fromRow ? declaration.fromRow(row, context) : row));
  if (declaration.loadOrder) values.sort(declaration.loadOrder);
  const collection = anyCollection(entities, kind);
  for (const value of values) collection.put(declaration.idOf(value), value);
}

/**
 * Puts an entity of `kind` back as a row held it, or removes it when `row` is undefined (a failed commit's
 * changes rolled back); the id stays recorded, so the next commit writes it as it is now.
 */
export function restoreRow(
  entities: Entities,
  kind: EntityKind,
  id: string,
  row: unknown,
  context: unknown,
): void {
  const collection = anyCollection(entities, kind);
  const key = declarationOf(kind).parseId(id);
  if (row === undefined) collection.delete(key);
  else putRows(entities, kind, [row], context);
  collection.record(key);
}

/** Calls `before(kind, id)` before an entity of any kind may change; undefined stops it. */
export function watchChanges(
  entities: Entities,
  before: ((kind: EntityKind, id: string) => void) | undefined,
): void {
  for (const kind of ENTITY_KINDS) {
    anyCollection(entities, kind).beforeChange = before && ((id) => before(kind, String(id)));
  }
}

/** The ids every collection recorded since the last call, by kind, and forgets them. */
export function takeRecorded(entities: Entities): { kind: EntityKind; id: string }[] {
  const recorded: { kind: EntityKind; id: string }[] = [];
  for (const kind of ENTITY_KINDS)
    for (const id of anyCollection(entities, kind).takeTouched()) recorded.push({ kind, id: String(id) });
  return recorded;
}

/** Records an entity by its row id (a failed commit gives its changes back). */
export function recordRow(entities: Entities, kind: EntityKind, id: string): void {
  anyCollection(entities, kind).record(declarationOf(kind).parseId(id));
}

/** Every kind's entities as lists, in the collections' order (the state's export). */
export function listEntities(entities: Entities): { [N in EntityKind]: EntityOf<N>[] } {
  const lists: Record<string, unknown[]> = {};
  for (const kind of ENTITY_KINDS) lists[kind] = [...anyCollection(entities, kind).values()];
  return lists as { [N in EntityKind]: EntityOf<N>[] };
}

/**
 * Rows of entities kept as lists by kind (a snapshot's, a version 1 state file's), each kind's rows made with
 * `contextOf(kind)` (what lies beside its entities, such as how running tasks end).
 */
export function rowsOfLists(
  lists: Partial<Record<string, unknown[]>>,
  contextOf: (kind: EntityKind) => unknown,
): { kind: EntityKind; id: string; value: unknown }[] {
  const rows: { kind: EntityKind; id: string; value: unknown }[] = [];
  for (const kind of ENTITY_KINDS) {
    const declaration = declarationOf(kind);
    const context = contextOf(kind);
    for (const value of lists[kind] ?? []) {
      const id = String(declaration.idOf(value));
      rows.push({ kind, id, value: rowFor(declaration, value, context) });
    }
  }
  return rows;
}
