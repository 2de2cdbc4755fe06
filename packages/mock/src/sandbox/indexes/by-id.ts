/** Items by their id (reference data is looked up by id). */
export const byId = <K extends string | number, T extends { id: K }>(items: T[]): Map<K, T> =>
  new Map(items.map((item) => [item.id, item]));
