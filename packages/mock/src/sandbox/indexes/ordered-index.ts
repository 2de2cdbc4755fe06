/**
 * Items in insertion order with O(log n) add, delete and "the k-th item": a Fenwick tree counts the live
 * slots, so a page at any offset is found without walking the items before it. Deleted slots are dropped
 * by a rebuild once they outnumber the live ones (amortised O(1) per delete).
 */
export class OrderedIndex<T> {
  private slots: (T | undefined)[] = [];
  /** 1-based Fenwick tree over `slots`: tree[i] counts the live slots in (i - lowbit(i), i]. */
  private tree: number[] = [0];
  private readonly position = new Map<T, number>();

  get size(): number {
    return this.position.size;
  }

  has(item: T): boolean {
    return this.position.has(item);
  }

  add(item: T): void {
    if (this.position.has(item)) return;
    const i = this.slots.length + 1;
    this.slots.push(item);
    this.position.set(item, i - 1);
    this.tree.push(this.prefix(i - 1) - this.prefix(i - (i & -i)) + 1);
  }

  delete(item: T): void {
    const slot = this.position.get(item);
    if (slot === undefined) return;
    this.position.delete(item);
    this.slots[slot] = undefined;
    for (let i = slot + 1; i < this.tree.length; i += i & -i) this.tree[i] = (this.tree[i] ?? 0) - 1;
    if (this.slots.length > 64 && this.slots.length > 2 * this.position.size) this.rebuild();
  }

  /** Up to `limit` live items from the `offset`-th on, in insertion order. */
  page(offset: number, limit: number): T[] {
    const out: T[] = [];
    if (offset >= this.size || limit <= 0) return out;
    for (let slot = this.slotOf(offset); slot < this.slots.length && out.length < limit; slot++) {
      const item = this.slots[slot];
      if (item !== undefined) out.push(item);
    }
    return out;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (const item of this.slots) if (item !== undefined) yield item;
  }

  /** Live slots among the first `n`. */
  private prefix(n: number): number {
    let sum = 0;
    for (let i = n; i > 0; i -= i & -i) sum += this.tree[i] ?? 0;
    return sum;
  }

  /** The slot of the `k`-th live item (0-based), by descending the tree. */
  private slotOf(k: number): number {
    let at = 0;
    let remaining = k + 1;
    for (let step = 2 ** Math.floor(Math.log2(this.tree.length)); step > 0; step >>= 1) {
      const next = at + step;
      const count = this.tree[next];
      if (count !== undefined && count < remaining) {
        at = next;
        remaining -= count;
      }
    }
    return at; // the 1-based index at + 1 holds it, that is slot `at`
  }

  private rebuild(): void {
    const live = [...this];
    this.slots = [];
    this.tree = [0];
    this.position.clear();
    for (const item of live) this.add(item);
  }
}
