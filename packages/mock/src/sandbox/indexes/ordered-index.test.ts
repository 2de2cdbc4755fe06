import { describe, expect, it } from "vitest";
import { OrderedIndex } from "./ordered-index.js";

describe("OrderedIndex", () => {
  it("pages like an array after adds and deletes, across rebuilds", () => {
    const index = new OrderedIndex<number>();
    let model: number[] = [];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let step = 0; step < 5000; step++) {
      if (model.length === 0 || rand(3) > 0) {
        index.add(step);
        model.push(step);
      } else {
        const victim = model[rand(model.length)] as number;
        index.delete(victim);
        model = model.filter((x) => x !== victim);
      }
      if (step % 97 === 0) {
        const offset = rand(model.length + 5);
        expect(index.page(offset, 13)).toEqual(model.slice(offset, offset + 13));
        expect(index.size).toBe(model.length);
      }
    }
    expect([...index]).toEqual(model);
  });

  it.each([
    [0, 3, [1, 2, 3]],
    [3, 10, [4, 5]],
    [5, 1, []],
    [0, 0, []],
  ])("page(%i, %i) of 1..5", (offset, limit, expected) => {
    const index = new OrderedIndex<number>();
    for (const n of [1, 2, 3, 4, 5]) index.add(n);
    expect(index.page(offset, limit)).toEqual(expected);
  });
});
