import { describe, expect, it } from "vitest";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";
import { projectRegion } from "../suite/requests.js";

const h = useHarness();
const CHECK = "/cloud/v1/registries/{project_id}/{region_id}/check_limits";

const check = (body: Record<string, unknown>) =>
  h.client.POST(CHECK, { params: { path: projectRegion(h.ctx) }, body: body as never });

describe(h.label("checkRegistryQuota"), () => {
  it("answers 200 with the quotas a storage limit would exceed", async () => {
    const result = await h.ok("checkRegistryQuota", check({ storage_limit: 10 }));
    expect(result).toEqual(expect.any(Object));
  });

  it("answers 200 to an empty body (storage_limit defaults to 0)", async () => {
    await h.ok("checkRegistryQuota", check({}));
  });

  it("answers 200 when the requested storage exceeds the quota", async () => {
    const result = await h.ok("checkRegistryQuota", check({ storage_limit: 1_000_000 }));
    if (h.ctx.stateful) expect(result.registry_storage_requested ?? 1_000_000).toBe(1_000_000);
  });

  rejects(h, [
    {
      name: "a fractional storage_limit",
      operationId: "checkRegistryQuota",
      call: () => check({ storage_limit: 1.5 }),
    },
  ] satisfies NegativeCase[]);
});
