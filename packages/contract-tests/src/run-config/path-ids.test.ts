// The table of path ids: it covers every path parameter of the spec, and a new path parameter is one row —
// its variable, its sandbox value and its place in a request path follow from the row alone.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { idsOf, sandboxVariables } from "../context.js";
import { fixtureIds, PATH_IDS, type PathId, pathValues } from "./path-ids.js";
import { readIds, realRequiredVariables, resolveTarget } from "./target.js";

describe("PATH_IDS", () => {
  it("has a row for every path parameter of the spec but task_id, and every row names one", () => {
    const inSpec = new Set(
      loadDocument().operations.flatMap((op) => [...op.path.matchAll(/\{(\w+)\}/g)].map((found) => found[1])),
    );
    inSpec.delete("task_id");
    expect(PATH_IDS.map((row) => row.parameter).sort()).toEqual([...inSpec].sort());
  });

  it("gives the suite its ids, variables and path values: the sandbox's through a url target read back unchanged", () => {
    const plan = resolveTarget({
      CONTRACT_TARGET: "url",
      CONTRACT_BASE_URL: "http://127.0.0.1:9",
      ...sandboxVariables(),
    });
    expect(plan).toMatchObject({ kind: "ready", ids: idsOf(SANDBOX_FIXTURES) });
    expect(pathValues(PATH_IDS, idsOf(SANDBOX_FIXTURES))).toMatchObject({
      group_id: SANDBOX_FIXTURES.securityGroupId,
      res_id: SANDBOX_FIXTURES.cdnResourceId,
    });
  });

  it("a new path parameter is one row: a test table with one more row yields its variable, its id, its value and its path value", () => {
    const volume: PathId = {
      parameter: "volume_id",
      fixture: "networkId",
      variable: "CONTRACT_VOLUME_ID",
      kind: "string",
    };
    const rows: PathId[] = [...PATH_IDS, volume];
    expect(realRequiredVariables(rows)).toContain("CONTRACT_VOLUME_ID");
    expect(readIds({ CONTRACT_VOLUME_ID: "vol-7" }, rows)).toEqual({
      ids: { networkId: "vol-7" },
      problems: [],
    });
    const sandbox = fixtureIds(rows, SANDBOX_FIXTURES);
    expect(sandbox.networkId).toBe(SANDBOX_FIXTURES.networkId);
    expect(pathValues(rows, sandbox).volume_id).toBe(SANDBOX_FIXTURES.networkId);
    // An integer row refuses what is not one, naming its variable.
    const count: PathId = { ...volume, variable: "CONTRACT_COUNT_ID", kind: "integer" };
    expect(readIds({ CONTRACT_COUNT_ID: "x1" }, [count]).problems).toEqual([
      'CONTRACT_COUNT_ID must be an integer, got "x1"',
    ]);
  });
});
