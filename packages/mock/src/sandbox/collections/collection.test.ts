import { describe, expect, it } from "vitest";
import { Collection, type EntityIndex } from "./collection.js";

/** A collection of `items` by their `id`, nothing recorded. */
function collectionOf<K extends string | number, V extends { id: K }>(
  items: V[],
  indexes: readonly EntityIndex<V>[] = [],
): Collection<K, V> {
  const collection = new Collection<K, V>(indexes);
  for (const item of items) collection.put(item.id, item);
  return collection;
}

describe("Collection", () => {
  it("records what it hands out, stores or removes, and not what it peeks or puts", () => {
    const c = collectionOf<string, { id: string; n: number }>([
      { id: "a", n: 1 },
      { id: "b", n: 2 },
      { id: "c", n: 3 },
    ]);
    let touches = 0;
    c.onTouch = () => touches++;
    expect(c.takeTouched()).toEqual([]);
    expect(c.peek("a")?.n).toBe(1);
    c.put("d", { id: "d", n: 4 });
    expect(c.takeTouched()).toEqual([]);
    const b = c.get("b");
    if (b) b.n = 20;
    c.set("e", { id: "e", n: 5 });
    c.delete("c");
    c.get("missing");
    expect(c.takeTouched().sort()).toEqual(["b", "c", "e"]);
    expect(c.takeTouched()).toEqual([]);
    expect(touches).toBe(3);
    expect([...c.keys()]).toEqual(["a", "b", "d", "e"]);
  });

  it("is a Map to its readers", () => {
    const c = new Collection<number, string>();
    c.put(1, "x");
    expect(c.size).toBe(1);
    expect(c.get(1)).toBe("x");
    expect(c.takeTouched()).toEqual([1]);
  });

  it("tells its indexes of every entity stored, replaced, changed in place or removed", () => {
    const seen: [string | undefined, string | undefined][] = [];
    const index = {
      update: (before: { n: number } | undefined, after: { n: number } | undefined) =>
        seen.push([before && String(before.n), after && String(after.n)]),
    };
    const c = collectionOf<string, { id: string; n: number }>([{ id: "a", n: 1 }], [index]);
    c.set("a", { id: "a", n: 2 });
    const a = c.peek("a");
    if (a) a.n = 3;
    c.refresh("a");
    c.put("b", { id: "b", n: 4 });
    c.delete("a");
    c.delete("missing");
    expect(seen).toEqual([
      [undefined, "1"],
      ["1", "2"],
      ["3", "3"],
      [undefined, "4"],
      ["3", undefined],
    ]);
    expect(c.takeTouched().sort()).toEqual(["a"]);
  });
});
