/**
 * What one service of the API keeps in a tenant's store, declared once: the kinds of entity it owns, its id
 * counters (kept in the store's meta by name, from their start values) and its reference data. The store, its
 * export and every backend are generic over the declarations of all services.
 */
export interface ServiceDeclaration<
  E extends Record<string, object>,
  C extends Record<string, number>,
  R,
  L extends Record<string, unknown>,
> {
  /** The kinds of entity it owns (see `EntityKindDeclaration`), by the name the export and the rows use. */
  entities: E;
  /** Counters by name (unique across services, as the stored meta keeps them) and their start values. */
  counters: C;
  /** The reference data of a seed: the same for every tenant and never changed by a request. */
  reference(seed: number | string): R;
  /** The reference data as `GET /__sandbox/state` lists it, by the export's top-level key. */
  listReference(reference: R): L;
}

/** Declares a service, its types inferred from the declaration. */
export function declareService<
  E extends Record<string, object>,
  C extends Record<string, number>,
  R,
  L extends Record<string, unknown>,
>(declaration: ServiceDeclaration<E, C, R, L>): ServiceDeclaration<E, C, R, L> {
  return declaration;
}

/** Declares a service that keeps entities only: no counters and no reference data. */
export function declareEntityService<E extends Record<string, object>>(entities: E) {
  return declareService({ entities, counters: {}, reference: () => undefined, listReference: () => ({}) });
}
