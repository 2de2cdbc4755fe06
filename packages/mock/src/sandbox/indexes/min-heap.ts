/** A binary min-heap of items ordered by a numeric key (ties by insertion order). */
export class MinHeap<T> {
  private items: { key: number; seq: number; item: T }[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(key: number, item: T): void {
    this.items.push({ key, seq: this.seq++, item });
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The smallest key, or undefined when empty. */
  peekKey(): number | undefined {
    return this.items[0]?.key;
  }

  pop(): T | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (!top || !last) return undefined;
    if (this.items.length > 0) {
      this.items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < this.items.length && this.less(l, smallest)) smallest = l;
        if (r < this.items.length && this.less(r, smallest)) smallest = r;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top.item;
  }

  clear(): void {
    this.items = [];
  }

  private less(a: number, b: number): boolean {
    const x = this.items[a];
    const y = this.items[b];
    if (!x || !y) return false;
    return x.key < y.key || (x.key === y.key && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const x = this.items[a];
    const y = this.items[b];
    if (!x || !y) return;
    this.items[a] = y;
    this.items[b] = x;
  }
}
