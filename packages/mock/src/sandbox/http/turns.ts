import { itemAt } from "../../lists.js";
// Sharing the event loop: a large request is worked through in turns, so that no call holds the loop for
// long, and a tenant's writes take their turns one after another, so that a write working in turns is never
// interleaved with another write of the same tenant.

/** Gives the event loop back once: the calls waiting for it go on, then this one resumes. */
export const nextTurn: () => Promise<void> =
  typeof setImmediate === "function"
    ? () => new Promise((resume) => setImmediate(resume))
    : () => new Promise((resume) => setTimeout(resume, 0));

/**
 * The slices `[at, end)` of `length` entries, `size` at a time, each after a turn of the event loop (the first
 * at once): the one way large work here gives the loop back.
 */
export async function* slicesInTurns(length: number, size: number): AsyncGenerator<[number, number]> {
  for (let at = 0; at < length; at += size) {
    if (at > 0) await nextTurn();
    yield [at, Math.min(length, at + size)];
  }
}

/** Entries worked through per turn by {@link forEachInTurns}. */
const ENTRIES_PER_TURN = 2048;

/**
 * Calls `each` on every item in order, giving the event loop back after every ENTRIES_PER_TURN items (a
 * handler working through many rules or tags). In a write's handler the tenant's other writes wait meanwhile
 * (see {@link WriteTurns}); reads go on, and see the state from before the write until it is stored.
 */
export async function forEachInTurns<T>(
  items: readonly T[],
  each: (item: T, index: number) => void,
): Promise<void> {
  for await (const [at, end] of slicesInTurns(items.length, ENTRIES_PER_TURN)) {
    for (let i = at; i < end; i++) each(itemAt(items, i), i);
  }
}

/**
 * Runs each owner's works one after another, in the order they came (a work that started waits for none that
 * came later). A work with no predecessor still running starts at once.
 */
export class WriteTurns {
  private readonly tails = new WeakMap<object, Promise<void>>();

  async run<T>(owner: object, work: () => T | Promise<T>): Promise<T> {
    const before = this.tails.get(owner);
    let done!: () => void;
    const tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.tails.set(owner, tail);
    try {
      if (before) await before;
      return await work();
    } finally {
      done();
      if (this.tails.get(owner) === tail) this.tails.delete(owner);
    }
  }
}
