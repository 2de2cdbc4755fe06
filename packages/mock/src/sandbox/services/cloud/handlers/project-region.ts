import { notFound } from "../../../http/api-error.js";
import type { Region } from "../shapes.js";
import type { CloudTenant } from "../tenant.js";

/** The project and region of the path; 404 when the project does not exist or is not in the region. */
export function projectRegion(
  store: CloudTenant,
  params: { project_id: number; region_id: number },
): { projectId: number; regionId: number; region: Region } {
  const { project_id: projectId, region_id: regionId } = params;
  const { projects, regions } = store.reference.cloud;
  const project = projects.get(projectId);
  if (!project) throw notFound(`Project ${projectId}`);
  const region = regions.get(regionId);
  if (!region || !project.region_ids.includes(regionId))
    throw notFound(`Region ${regionId} of project ${projectId}`);
  return { projectId, regionId, region };
}
