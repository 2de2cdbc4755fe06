import { describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

const ctx = useSandbox();
const check = (
  body: unknown,
  params: Record<string, number> = { project_id: F.projectId, region_id: F.regionId },
) => ctx.api.call("checkRegistryQuota", { params, body });
const free = F.registryStorageLimit - F.registryStorageUsage;

describe("registry quota check", () => {
  it.each([
    ["a size that fits", free, {}],
    ["no size (0 GiB)", undefined, {}],
    [
      "a size one GiB over",
      free + 1,
      {
        registry_storage_limit: F.registryStorageLimit,
        registry_storage_usage: F.registryStorageUsage,
        registry_storage_requested: free + 1,
      },
    ],
  ])("answers the exceeded quotas for %s", async (_name, size, expected) => {
    const res = await check(size === undefined ? {} : { storage_limit: size });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it("reports the registry count where the project has no registry left (project 1, region 2)", async () => {
    const res = await check({ storage_limit: 10 }, { project_id: F.projectId, region_id: F.secondRegionId });
    expect(res.body).toEqual({
      registry_count_limit: F.registryCountLimit,
      registry_count_usage: F.registryCountLimit,
      registry_count_requested: 1,
    });
  });

  it("is only a check: the same request gives the same answer", async () => {
    const a = await check({ storage_limit: free + 5 });
    const b = await check({ storage_limit: free + 5 });
    expect(a.body).toEqual(b.body);
  });

  it("takes a negative size, which fits (no range is stated), and answers 400 for a size that is not an integer", async () => {
    const negative = await check({ storage_limit: -1 });
    expect(negative.status).toBe(200);
    expect(negative.body).toEqual({});
    expect((await check({ storage_limit: "big" })).status).toBe(400);
  });

  it("answers 404 for an unknown project and 403 for a project the key is not bound to", async () => {
    expect((await check({}, { project_id: 42, region_id: 1 })).status).toBe(404);
    const res = await ctx.api.call("checkRegistryQuota", {
      params: { project_id: F.projectId, region_id: F.regionId },
      body: {},
      key: F.project2ApiKey,
    });
    expect(res.status).toBe(403);
  });
});
