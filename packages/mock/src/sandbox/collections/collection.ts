/**
 * An index over a collection's entities, kept up to date by the collection: told of every entity stored,
 * replaced or removed (`before` and `after`; the same object after a change in place, see `refresh`).
 */
export interface EntityIndex<V> {
  update(before: V | undefined, after: V | undefined): void;
}

/**
 * One kind of entity, by id, that records which of its entities may have changed: an entity handed out by
 * `get` (to be read or changed in place), stored by `set` or removed by `delete` is recorded, so a handler
 * cannot change state without the change reaching the next commit. `peek` reads without recording (for
 * the store's own reads), `put` stores without recording (for state that is already stored: loading, a
 * replica catching up). Its indexes follow every way in. A collection is a `Map`, so handlers read it as one.
 */
export class Collection<K extends string | number, V> extends Map<K, V> {
  private readonly touched = new Set<K>();
  /** Called when an id is recorded (a durable backend starts collecting changes). */
  onTouch: (() => void) | undefined;
  /**
   * Called with an id before its entity may change: before `get` hands it out, `set` replaces it or `delete`
   * removes it (the store keeps what it was, to roll a failed commit back).
   */
  beforeChange: ((id: K) => void) | undefined;
  private readonly indexes: readonly EntityIndex<V>[];

  constructor(indexes: readonly EntityIndex<V>[] = []) {
    super();
    this.indexes = indexes;
  }

  override get(id: K): V | undefined {
    const value = super.get(id);
    if (value !== undefined) {
      this.beforeChange?.(id);
      this.record(id);
    }
    return value;
  }

  override set(id: K, value: V): this {
    this.beforeChange?.(id);
    this.put(id, value);
    this.record(id);
    return this;
  }

  override delete(id: K): boolean {
    if (this.beforeChange && super.has(id)) this.beforeChange(id);
    const before = super.get(id);
    const had = super.delete(id);
    if (had) {
      for (const index of this.indexes) index.update(before, undefined);
      this.record(id);
    }
    return had;
  }

  peek(id: K): V | undefined {
    return super.get(id);
  }

  put(id: K, value: V): void {
    const before = super.get(id);
    super.set(id, value);
    for (const index of this.indexes) index.update(before, value);
  }

  /** Tells the indexes that an entity changed in place (and records it); hand it out by `get` before the change. */
  refresh(id: K): void {
    const value = super.get(id);
    if (value === undefined) return;
    for (const index of this.indexes) index.update(value, value);
    this.record(id);
  }

  /** Records an entity changed through another path (an index, a nested list). */
  record(id: K): void {
    this.touched.add(id);
    this.onTouch?.();
  }

  /** The ids recorded since the last call, and forgets them. */
  takeTouched(): K[] {
    const ids = [...this.touched];
    this.touched.clear();
    return ids;
  }

  /** Forgets what was recorded (the state was just loaded or reset). */
  clearTouched(): void {
    this.touched.clear();
  }
}
