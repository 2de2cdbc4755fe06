import { expect, it } from "vitest";
import { MinHeap } from "./min-heap.js";

it("pops by key, ties in insertion order", () => {
  const heap = new MinHeap<string>();
  const keys = [5, 3, 9, 3, 1, 7, 5, 0, 8];
  for (const [i, key] of keys.entries()) heap.push(key, `${key}-${i}`);
  const out: string[] = [];
  while (heap.size > 0) out.push(heap.pop() as string);
  expect(out).toEqual(["0-7", "1-4", "3-1", "3-3", "5-0", "5-6", "7-5", "8-8", "9-2"]);
  expect(heap.pop()).toBeUndefined();
});
