import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

/** The ids of a tenant's seeded fixtures, as `POST /__sandbox/tenants` answers them (every tenant has these). */
export const TENANT_IDS = {
  project_id: F.projectId,
  region_id: F.regionId,
  second_region_id: F.secondRegionId,
  other_project_id: F.otherProjectId,
  security_group_id: F.securityGroupId,
  security_group_rule_id: F.securityGroupRuleId,
  port_id: F.portId,
  network_id: F.networkId,
  subnet_id: F.subnetId,
  bare_metal_flavor: F.bareMetalFlavor,
  vm_flavor: F.vmFlavor,
  image_id: F.imageId,
  app_template_id: F.appTemplateId,
  running_task_ids: [...F.runningTaskIds],
  finished_task_id: F.finishedTaskId,
  error_task_id: F.errorTaskId,
  stream_id: F.streamId,
  backup_live_stream_id: F.backupLiveStreamId,
  cdn_resource_id: F.cdnResourceId,
  cdn_resource_without_certificate_id: F.cdnResourceWithoutCertificateId,
  reseller_id: F.resellerId,
  other_reseller_id: F.otherResellerId,
};

export type TenantIds = typeof TENANT_IDS;
