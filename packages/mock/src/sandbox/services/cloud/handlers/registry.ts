import type { CloudHandler } from "../tenant.js";
import { projectRegion } from "./project-region.js";

/**
 * POST /cloud/v1/registries/{project_id}/{region_id}/check_limits — answers the quotas a new registry
 * of `storage_limit` GiB would exceed (registry storage and registry count); `{}` when it fits.
 */
export const checkRegistryQuota: CloudHandler<"checkRegistryQuota"> = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  // Any integer is taken, as the reference states no range (a negative size fits whatever the quota);
  // one beyond ±(2^53 − 1) is compared as the nearest number and answered back as sent.
  const storage = ctx.body?.storage_limit ?? 0;
  const quota = ctx.app.reference.cloud.quotas.find(
    (q) => q.project_id === projectId && q.region_id === regionId,
  );
  const requested: Record<string, number> = { registry_storage: storage, registry_count: 1 };
  const result: Record<string, number> = {};
  for (const [name, amount] of Object.entries(requested)) {
    const limit = quota?.limits[name] ?? 0;
    const usage = quota?.usage[name] ?? 0;
    if (usage + amount > limit) {
      result[`${name}_limit`] = limit;
      result[`${name}_usage`] = usage;
      result[`${name}_requested`] = amount;
    }
  }
  return { status: 200, body: result };
};
