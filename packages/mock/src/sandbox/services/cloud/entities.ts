import type { SecurityGroup, Task } from "@cloud-contract/types";
import { declareKind, type EntityReference, noIndexes, textId } from "../entity-kind.js";
import { ActiveTasks } from "./active-tasks.js";
import { INSTANCE_SCHEMA, PORT_SCHEMA } from "./entity-schemas.js";
import * as fixtures from "./fixtures.js";
import type { Instance, Port, TaskPlan, TaskRows } from "./shapes.js";

/** A stored task and, while it runs, how it will end. */
export interface TaskRow {
  task: Task;
  plan?: TaskPlan;
}

/** The project and region an entity of a project's region names. */
const projectRegion = (entity: {
  project_id?: number | null;
  region_id?: number | null;
}): EntityReference[] => [
  ...(entity.project_id == null ? [] : [{ pointer: "/project_id", to: "projects", id: entity.project_id }]),
  ...(entity.region_id == null ? [] : [{ pointer: "/region_id", to: "regions", id: entity.region_id }]),
];

/** The kinds of entity the cloud service owns. */
export const CLOUD_ENTITIES = {
  securityGroups: declareKind({
    idOf: (group: SecurityGroup) => group.id,
    parseId: textId,
    seed: fixtures.securityGroups,
    indexes: noIndexes,
    contract: { answer: { operationId: "updateSecurityGroup", status: 200 } },
    references: (group) => projectRegion(group),
  }),
  ports: declareKind({
    idOf: (port: Port) => port.id,
    parseId: textId,
    seed: fixtures.ports,
    indexes: noIndexes,
    contract: { schema: PORT_SCHEMA },
    references: (port) => [
      ...projectRegion(port),
      // "external" stands for the public network, which every region has.
      ...(port.network_id === "external"
        ? []
        : [{ pointer: "/network_id", to: "networks", id: port.network_id }]),
    ],
  }),
  instances: declareKind({
    idOf: (instance: Instance) => instance.id,
    parseId: textId,
    seed: (): Instance[] => [],
    indexes: noIndexes,
    contract: { schema: INSTANCE_SCHEMA },
    references: (instance) => [
      ...projectRegion(instance),
      ...instance.port_ids.map((id, i) => ({ pointer: `/port_ids/${i}`, to: "ports", id })),
    ],
  }),
  tasks: declareKind({
    idOf: (task: Task) => task.id,
    parseId: textId,
    seed: fixtures.tasks,
    indexes: () => ({ active: new ActiveTasks() }),
    loadOrder: (a, b) => Date.parse(a.created_on ?? "") - Date.parse(b.created_on ?? ""),
    toRow: (task, context: TaskRows | undefined): TaskRow => {
      const plan = context?.planOf(task.id);
      return plan ? { task, plan } : { task };
    },
    fromRow: (row, context: TaskRows) => {
      const { task, plan } = row as TaskRow;
      context.setPlan(task.id, plan);
      return task;
    },
    contract: { answer: { operationId: "getTask", status: 200 } },
    references: (task) => [
      ...projectRegion(task),
      ...(task.created_resources?.ports ?? []).map((id, i) => ({
        pointer: `/created_resources/ports/${i}`,
        to: "ports",
        id,
      })),
    ],
  }),
};
