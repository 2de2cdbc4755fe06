import { byId } from "../../indexes/by-id.js";
import * as fixtures from "./fixtures.js";
import type { AppTemplate, Flavor, Image, Network, Project, ProjectQuota, Region } from "./shapes.js";

/** The cloud's reference data: the same for every tenant and never changed by a request. */
export interface CloudReference {
  regions: Map<number, Region>;
  projects: Map<number, Project>;
  quotas: ProjectQuota[];
  flavors: Map<string, Flavor>;
  images: Map<string, Image>;
  appTemplates: Map<string, AppTemplate>;
  networks: Map<string, Network>;
}

export function cloudReference(): CloudReference {
  return {
    regions: byId(fixtures.regions()),
    projects: byId(fixtures.projects()),
    quotas: fixtures.quotas(),
    flavors: new Map(fixtures.flavors().map((f) => [f.name, f])),
    images: byId(fixtures.images()),
    appTemplates: byId(fixtures.appTemplates()),
    networks: byId(fixtures.networks()),
  };
}

/** The cloud's reference data as the state export lists it. */
export function listCloudReference(reference: CloudReference) {
  return {
    regions: [...reference.regions.values()],
    projects: [...reference.projects.values()],
    quotas: reference.quotas,
    flavors: [...reference.flavors.values()],
    images: [...reference.images.values()],
    appTemplates: [...reference.appTemplates.values()],
    networks: [...reference.networks.values()],
  };
}
