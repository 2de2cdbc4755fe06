import { badRequest, notFound } from "../http/api-error.js";
import type { ProjectQuota, Region } from "../state.js";
import type { EntityKind, Store } from "../store.js";

/** The project and region of the path; 404 when the project does not exist or is not in the region. */
export function projectRegion(
  store: Store,
  params: { project_id: number; region_id: number },
): { projectId: number; regionId: number; region: Region } {
  const { project_id: projectId, region_id: regionId } = params;
  const project = store.projects.get(projectId);
  if (!project) throw notFound(`Project ${projectId}`);
  const region = store.regions.get(regionId);
  if (!region || !project.region_ids.includes(regionId))
    throw notFound(`Region ${regionId} of project ${projectId}`);
  return { projectId, regionId, region };
}

/** 400 unless the caller's store has room for `adding` more entities of each kind named (nothing is changed yet). */
export function assertRoom(store: Store, adding: Partial<Record<EntityKind, number>>): void {
  for (const [kind, count] of Object.entries(adding) as [EntityKind, number][]) {
    if (!store.hasRoom(kind, count)) {
      throw badRequest(
        `The sandbox holds at most ${store.maxObjectsPerCollection} ${kind} per tenant; delete some or reset the tenant.`,
      );
    }
  }
}

export function quotaOf(store: Store, projectId: number, regionId: number): ProjectQuota | undefined {
  return store.quotas.find((q) => q.project_id === projectId && q.region_id === regionId);
}

/** An ISO timestamp strictly later than `previous` (so that `updated_at` always moves). */
export function laterThan(store: Store, previous: string | undefined): string {
  const now = store.now();
  const last = previous ? Date.parse(previous) : 0;
  return new Date(Math.max(now, last + 1)).toISOString();
}
