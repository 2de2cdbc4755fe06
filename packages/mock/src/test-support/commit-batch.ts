import type { CommitBatch } from "../sandbox/durable/backend.js";

/** A backend commit of one tenant: meta `{ n }` and notification setting row `n` (`{ id: n }`). */
export const settingBatch = (tenant: string, n: number): CommitBatch => ({
  evicted: [],
  tenants: [
    {
      id: tenant,
      reset: false,
      meta: JSON.stringify({ n }),
      rows: [{ kind: "notificationSettings", id: String(n), json: JSON.stringify({ id: n }) }],
    },
  ],
});
