// The table of path ids: it covers every fixture a path parameter of the spec names, and a new fixture is one
// row — its variable and its sandbox value follow from the row alone, its place in a path from the spec.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { loadDocument, openDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { idsOf, sandboxVariables } from "../context.js";
import { fixtureIds, PATH_IDS, type PathId } from "./path-ids.js";
import { readIds, realRequiredVariables, resolveTarget } from "./target.js";

describe("PATH_IDS", () => {
  it("has a row for every fixture a path parameter of the spec names but the finished task, each one of the sandbox's", () => {
    const inSpec = new Set(
      loadDocument().operations.flatMap((op) =>
        op.parameters.flatMap((p) => (p.in === "path" && p.fixture !== undefined ? [p.fixture] : [])),
      ),
    );
    for (const fixture of inSpec) expect(Object.keys(SANDBOX_FIXTURES), fixture).toContain(fixture);
    inSpec.delete("finishedTaskId");
    expect(PATH_IDS.map((row) => row.fixture).sort()).toEqual([...inSpec].sort());
  });

  it("gives the suite its ids, variables and path values: the sandbox's through a url target read back unchanged", () => {
    const plan = resolveTarget({
      CONTRACT_TARGET: "url",
      CONTRACT_BASE_URL: "http://127.0.0.1:9",
      ...sandboxVariables(),
    });
    expect(plan).toMatchObject({ kind: "ready", ids: idsOf(SANDBOX_FIXTURES) });
    const ids = idsOf(SANDBOX_FIXTURES);
    const model = loadDocument();
    expect(model.sampleRequest("updateSecurityGroupV2", ids).pathParameters).toMatchObject({
      group_id: SANDBOX_FIXTURES.securityGroupId,
    });
    expect(model.sampleRequest("revokeCdnCertificate", ids).pathParameters).toEqual({
      res_id: SANDBOX_FIXTURES.cdnResourceId,
    });
  });

  it("a new fixture is one row: a test table with one more row yields its variable, its id, its value and its path value", () => {
    const volume: PathId = {
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
    const withVolumes = openDocument({
      openapi: "3.1.0",
      info: { title: "volumes", version: "1" },
      paths: {
        "/volumes/{volume_id}": {
          get: {
            operationId: "getVolume",
            parameters: [
              { name: "volume_id", in: "path", required: true, "x-sandbox-fixture": "networkId", schema: {} },
            ],
            responses: { "200": { description: "the volume" } },
          },
        },
      },
    });
    expect(withVolumes.sampleRequest("getVolume", sandbox).pathParameters.volume_id).toBe(
      SANDBOX_FIXTURES.networkId,
    );
    // An integer row refuses what is not one, naming its variable.
    const count: PathId = { ...volume, variable: "CONTRACT_COUNT_ID", kind: "integer" };
    expect(readIds({ CONTRACT_COUNT_ID: "x1" }, [count]).problems).toEqual([
      'CONTRACT_COUNT_ID must be an integer, got "x1"',
    ]);
  });
});
