// Lists and records read with their types kept (the compiler cannot know an index is in range).

/** The item at `index`; one that is not there is a programming error, thrown as one. */
export function itemAt<T>(list: ArrayLike<T>, index: number): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`no item at ${index} of ${list.length}`);
  return item;
}

/** A record's own keys, typed as its keys (a record built from a literal has no others). */
export const keysOf = <T extends object>(record: T) => Object.keys(record) as (keyof T & string)[];
