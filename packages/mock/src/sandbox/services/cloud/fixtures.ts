import type { SecurityGroup, Task } from "@cloud-contract/types";
import { SANDBOX_FIXTURES as F } from "../../fixtures/ids.js";
import type { AppTemplate, Flavor, Image, Network, Port, Project, ProjectQuota, Region } from "./shapes.js";

const T0 = "2026-11-20T08:00:00Z";

export const regions = (): Region[] => [
  { id: 1, name: F.regionName },
  { id: 2, name: "Frankfurt" },
];

export const projects = (): Project[] => [
  { id: F.projectId, name: "default", region_ids: [1, 2] },
  { id: F.otherProjectId, name: "staging", region_ids: [1] },
];

export const quotas = (): ProjectQuota[] =>
  projects().flatMap((p) =>
    p.region_ids.map((regionId) => ({
      project_id: p.id,
      region_id: regionId,
      limits: {
        registry_storage: F.registryStorageLimit,
        registry_count: F.registryCountLimit,
        baremetal_infrastructure_count: 5,
        vm_count: 20,
        cpu_count: 64,
        ram: 131072,
      },
      usage: {
        registry_storage: p.id === F.projectId && regionId === F.regionId ? F.registryStorageUsage : 0,
        // Project 1 has used up its registries in region 2: any check there reports registry_count.
        registry_count:
          p.id === F.projectId && regionId === F.regionId
            ? F.registryCountUsage
            : p.id === F.projectId
              ? F.registryCountLimit
              : 0,
        baremetal_infrastructure_count: 0,
        vm_count: 2,
        cpu_count: 8,
        ram: 16384,
      },
    })),
  );

export const flavors = (): Flavor[] => [
  { name: F.bareMetalFlavor, kind: "baremetal", price_per_hour: 0.2055 },
  { name: "bm1-infrastructure-medium", kind: "baremetal", price_per_hour: 0.3425 },
  { name: "bm2-hf-large", kind: "baremetal", price_per_hour: 0.685 },
  { name: "g1-standard-1-2", kind: "vm", price_per_hour: 0.0156 },
  { name: F.vmFlavor, kind: "vm", price_per_hour: 0.0312 },
  { name: "g1-standard-4-8", kind: "vm", price_per_hour: 0.0624 },
];

export const images = (): Image[] => [
  { id: F.imageId, name: "ubuntu-24.04-x64" },
  { id: "a3c1e2f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b", name: "debian-12-x64" },
];

export const networks = (): Network[] => [
  {
    id: F.networkId,
    name: "private",
    project_id: F.projectId,
    region_id: F.regionId,
    subnet_ids: [F.subnetId],
  },
];

export const appTemplates = (): AppTemplate[] => [{ id: F.appTemplateId, name: "WordPress" }];

export const securityGroups = (): SecurityGroup[] => [
  {
    id: F.securityGroupId,
    name: "web-servers",
    description: "Front-end web servers",
    project_id: F.projectId,
    region: F.regionName,
    region_id: F.regionId,
    revision_number: 3,
    tags_v2: [
      { key: F.readOnlyTagKey, value: "k8s-cluster-7f3c", read_only: true },
      { key: F.userTagKey, value: "production", read_only: false },
      { key: "team", value: "web", read_only: false },
    ],
    security_group_rules: [
      {
        id: F.securityGroupRuleId,
        security_group_id: F.securityGroupId,
        description: "Allow HTTPS from anywhere",
        direction: "ingress",
        ethertype: "IPv4",
        protocol: "tcp",
        port_range_min: 443,
        port_range_max: 443,
        remote_ip_prefix: "0.0.0.0/0",
        remote_group_id: null,
        revision_number: 0,
        created_at: T0,
        updated_at: T0,
      },
      {
        id: "6d5c2e4f-8b0a-4f32-9c7d-1e3f5b7d9c21",
        security_group_id: F.securityGroupId,
        description: null,
        direction: "egress",
        ethertype: "IPv4",
        protocol: null,
        port_range_min: null,
        port_range_max: null,
        remote_ip_prefix: null,
        remote_group_id: null,
        revision_number: 0,
        created_at: T0,
        updated_at: T0,
      },
    ],
    created_at: T0,
    updated_at: T0,
  },
];

export const ports = (): Port[] => [
  {
    id: F.portId,
    project_id: F.projectId,
    region_id: F.regionId,
    network_id: F.networkId,
    instance_id: "8dc30d49-bb34-4920-9bbd-03a2587ec0ad",
    mac_address: "fa:16:3e:4a:2b:1c",
    ip_address: "10.0.0.12",
    allowed_address_pairs: [],
  },
];

const task = (id: string, taskType: string, extra: Partial<Task>): Task => ({
  id,
  task_type: taskType,
  user_id: F.userId,
  client_id: F.clientId,
  created_on: T0,
  project_id: F.projectId,
  region_id: F.regionId,
  state: "RUNNING",
  ...extra,
});

export const tasks = (): Task[] => [
  task(F.runningTaskIds[0], "create_vm", { request_id: "2b6c9f1e5a0d4c3b8e7f6a5b4c3d2e1f" }),
  task(F.runningTaskIds[1], "create_volume", {}),
  task(F.finishedTaskId, "create_bm", {
    state: "FINISHED",
    finished_on: "2026-11-20T08:02:40Z",
    updated_on: "2026-11-20T08:02:40Z",
    created_resources: { instances: ["8dc30d49-bb34-4920-9bbd-03a2587ec0ad"], ports: [F.portId] },
  }),
  task(F.errorTaskId, "create_bm", {
    state: "ERROR",
    finished_on: "2026-11-20T08:01:10Z",
    updated_on: "2026-11-20T08:01:10Z",
    error: "Flavor bm1-gpu-h100 is not available in region 1.",
  }),
];
