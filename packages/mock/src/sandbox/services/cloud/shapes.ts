import type { AllowedAddressPair, SecurityGroup } from "@cloud-contract/types";

// The shapes the cloud service keeps besides the API's own (security groups and tasks are kept in their API
// shape); they follow the public API's field names where those are known.

export interface Region {
  id: number;
  name: string;
}

export interface Project {
  id: number;
  name: string;
  /** Regions the project has resources in. */
  region_ids: number[];
}

/** The quota limits and the usage of a project in a region, per quota base name (`registry_storage`, …). */
export interface ProjectQuota {
  project_id: number;
  region_id: number;
  limits: Record<string, number>;
  usage: Record<string, number>;
}

/** A private network of a project's region, with its subnets. */
export interface Network {
  id: string;
  name: string;
  project_id: number;
  region_id: number;
  subnet_ids: string[];
}

export interface Port {
  id: string;
  project_id: number;
  region_id: number;
  network_id: string;
  instance_id: string | null;
  mac_address: string;
  ip_address: string;
  allowed_address_pairs: AllowedAddressPair[];
}

export interface Instance {
  id: string;
  name: string;
  project_id: number;
  region_id: number;
  flavor: string;
  image_id: string | null;
  apptemplate_id: string | null;
  status: string;
  created_at: string;
  port_ids: string[];
}

/** A flavor the sandbox knows, with its price per hour (EUR, before tax). */
export interface Flavor {
  name: string;
  kind: "baremetal" | "vm";
  price_per_hour: number;
}

export interface Image {
  id: string;
  name: string;
}

export interface AppTemplate {
  id: string;
  name: string;
}

/** What a security group update sets on the group when its task finishes: only the fields it changes. */
export type SecurityGroupChange = Partial<
  Pick<SecurityGroup, "name" | "description" | "security_group_rules" | "tags_v2">
>;

/** What happens when a task finishes well: data only, so that it can be persisted. */
export type TaskEffect =
  | { kind: "createBareMetal"; instance: Instance; ports: Port[] }
  | { kind: "setAllowedAddressPairs"; portId: string; pairs: AllowedAddressPair[] }
  | { kind: "updateSecurityGroup"; groupId: string; change: SecurityGroupChange };

/** How a running task will end. */
export interface TaskPlan {
  finishAt: number;
  outcome: { state: "FINISHED"; effect: TaskEffect } | { state: "ERROR"; error: string };
}

/** What a task's row keeps beside the task (its plan while it runs): how rows are made and read back. */
export interface TaskRows {
  planOf(taskId: string): TaskPlan | undefined;
  setPlan(taskId: string, plan: TaskPlan | undefined): void;
}
