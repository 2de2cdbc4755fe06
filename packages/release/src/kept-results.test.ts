import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderHash, keptPartsIn, keptResultsIn } from "./kept-results.js";

/** A step that counts how often it really ran. */
function counted<T>(value: T) {
  const step = {
    runs: 0,
    compute: async () => {
      step.runs++;
      return structuredClone(value);
    },
  };
  return step;
}

const RESULT = {
  findings: [{ rule: "x", level: "error", operationId: "getA", witness: { value: [1, "a"] } }],
};

describe("results kept between runs", () => {
  it("a later run with the same inputs loads the result; other inputs compute their own", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-"));
    const step = counted(RESULT);
    expect(await keptResultsIn(dir).get("judged", [{ a: 1 }, "x"], step.compute)).toEqual(RESULT);
    expect(await keptResultsIn(dir).get("judged", [{ a: 1 }, "x"], step.compute)).toEqual(RESULT);
    expect(step.runs).toBe(1);
    await keptResultsIn(dir).get("judged", [{ a: 2 }, "x"], step.compute);
    await keptResultsIn(dir).get("other", [{ a: 1 }, "x"], step.compute);
    expect(step.runs).toBe(3);
  });

  it("a damaged file is computed again, never read as a result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-"));
    const step = counted(RESULT);
    await keptResultsIn(dir).get("judged", [1], step.compute);
    const [file = ""] = readdirSync(dir);
    const text = readFileSync(join(dir, file), "utf8");
    // Still JSON, one value changed: the checksum tells.
    writeFileSync(join(dir, file), text.replace('"error"', '"info"'));
    expect(await keptResultsIn(dir).get("judged", [1], step.compute)).toEqual(RESULT);
    writeFileSync(join(dir, file), text.slice(0, text.length / 2));
    expect(await keptResultsIn(dir).get("judged", [1], step.compute)).toEqual(RESULT);
    writeFileSync(join(dir, file), "");
    expect(await keptResultsIn(dir).get("judged", [1], step.compute)).toEqual(RESULT);
    expect(step.runs).toBe(4);
  });

  it("a folder that cannot be written only costs the time", async () => {
    const parent = mkdtempSync(join(tmpdir(), "kept-"));
    writeFileSync(join(parent, "taken"), "a file where the folder would be");
    const step = counted(RESULT);
    const kept = keptResultsIn(join(parent, "taken", "results"));
    expect(await kept.get("judged", [1], step.compute)).toEqual(RESULT);
    expect(await kept.get("judged", [1], step.compute)).toEqual(RESULT);
    expect(step.runs).toBe(2);
  });

  it("keeps no result JSON would change (a Map, NaN, undefined in a list)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-"));
    for (const value of [new Map([["a", 1]]), { n: Number.NaN }, [undefined], { d: new Date(0) }]) {
      const step = counted(value);
      await keptResultsIn(dir).get("judged", [String(value)], step.compute);
      expect(await keptResultsIn(dir).get("judged", [String(value)], step.compute)).toEqual(value);
      expect(step.runs).toBe(2);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a property left undefined is kept as absent, as JSON writes it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-"));
    const step = counted({ operationId: undefined, rule: "x" });
    await keptResultsIn(dir).get("judged", [1], step.compute);
    expect(await keptResultsIn(dir).get("judged", [1], step.compute)).toStrictEqual({ rule: "x" });
    expect(step.runs).toBe(1);
  });

  it("a folder's hash changes with any file's bytes or name, and skips what it is told", () => {
    const dir = mkdtempSync(join(tmpdir(), "kept-"));
    writeFileSync(join(dir, "a.yaml"), "x: 1\n");
    const before = folderHash(dir);
    writeFileSync(join(dir, "a.yaml"), "x: 2\n");
    const changed = folderHash(dir);
    expect(changed).not.toBe(before);
    writeFileSync(join(dir, "b.yaml"), "");
    expect(folderHash(dir)).not.toBe(changed);
    expect(folderHash(dir, new Set(["b.yaml"]))).toBe(changed);
  });
});

describe("parts kept between runs", () => {
  /** A run that asks for `keys` (each part's value is its key's length) and counts what it computed. */
  const run = (dir: string, keys: string[], current?: (value: number) => boolean) => {
    const parts = keptPartsIn<number>(dir, "step");
    const computed: string[] = [];
    const values = keys.map((key) =>
      parts.get(
        key,
        () => {
          computed.push(key);
          return key.length;
        },
        current,
      ),
    );
    parts.save();
    return { values, computed };
  };

  it("a later run computes only the parts it has not seen; the file keeps the last run's parts only", () => {
    const dir = mkdtempSync(join(tmpdir(), "parts-"));
    expect(run(dir, ["a", "bb"])).toEqual({ values: [1, 2], computed: ["a", "bb"] });
    expect(run(dir, ["bb", "ccc"])).toEqual({ values: [2, 3], computed: ["ccc"] });
    // "a" was not used by the second run, so it is no longer kept.
    expect(run(dir, ["a", "bb", "ccc"])).toEqual({ values: [1, 2, 3], computed: ["a"] });
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("a kept part its check finds out of date is computed again; a damaged file, every part", () => {
    const dir = mkdtempSync(join(tmpdir(), "parts-"));
    run(dir, ["a", "bb"]);
    expect(run(dir, ["a", "bb"], (value) => value !== 2).computed).toEqual(["bb"]);
    const [file = ""] = readdirSync(dir);
    writeFileSync(join(dir, file), readFileSync(join(dir, file), "utf8").replace("1", "7"));
    expect(run(dir, ["a", "bb"])).toEqual({ values: [1, 2], computed: ["a", "bb"] });
  });
});
