import { describe, expect, it } from "vitest";
import { ApiError } from "./http/api-error.js";
import { orderingComparator, pageLinks } from "./paging.js";

describe("pageLinks", () => {
  it.each([
    [0, 10, 25, "/l?q=1&offset=10&limit=10", null],
    [10, 10, 25, "/l?q=1&offset=20&limit=10", "/l?q=1&offset=0&limit=10"],
    [20, 10, 25, null, "/l?q=1&offset=10&limit=10"],
    [5, 10, 25, "/l?q=1&offset=15&limit=10", "/l?q=1&offset=0&limit=10"],
    [0, 10, 10, null, null],
  ])("offset %i limit %i count %i", (offset, limit, count, next, previous) => {
    expect(pageLinks("/l", "q=1&offset=99", count, offset, limit)).toEqual({ next, previous });
  });

  it("has no next page without a limit", () => {
    expect(pageLinks("/l", "", 50, 3, undefined)).toEqual({ next: null, previous: "/l?offset=0" });
  });
});

describe("orderingComparator", () => {
  type Row = { id: number; name: string | null; n: number };
  const rows: Row[] = [
    { id: 1, name: "b", n: 2 },
    { id: 2, name: null, n: 1 },
    { id: 3, name: "A", n: 2 },
    { id: 4, name: "c", n: 1 },
  ];
  const getters = { name: (r: Row) => r.name, n: (r: Row) => r.n };
  const order = (keys: string[]) =>
    [...rows].sort(orderingComparator(keys, getters, (a, b) => a.id - b.id)).map((r) => r.id);

  it.each([
    [["name"], [3, 1, 4, 2]],
    [["-name"], [2, 4, 1, 3]],
    [
      ["n", "name"],
      [4, 2, 3, 1],
    ],
    [
      ["-n", "-name"],
      [1, 3, 2, 4],
    ],
    [[], [1, 2, 3, 4]],
  ])("orders by %o", (keys, ids) => {
    expect(order(keys)).toEqual(ids);
  });

  it("throws a 400 for an unknown key", () => {
    expect(() => order(["colour"])).toThrow(ApiError);
  });
});
