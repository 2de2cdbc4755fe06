import type { SecurityGroup, Task } from "@cloud-contract/types";
import { declareKind, noIndexes, textId } from "../entity-kind.js";
import { ActiveTasks } from "./active-tasks.js";
import * as fixtures from "./fixtures.js";
import type { Instance, Port, TaskPlan } from "./shapes.js";

/** A stored task and, while it runs, how it will end. */
export interface TaskRow {
  task: Task;
  plan?: TaskPlan;
}

/** The kinds of entity the cloud service owns. */
export const CLOUD_ENTITIES = {
  securityGroups: declareKind({
    idOf: (group: SecurityGroup) => group.id,
    parseId: textId,
    seed: fixtures.securityGroups,
    indexes: noIndexes,
  }),
  ports: declareKind({
    idOf: (port: Port) => port.id,
    parseId: textId,
    seed: fixtures.ports,
    indexes: noIndexes,
  }),
  instances: declareKind({
    idOf: (instance: Instance) => instance.id,
    parseId: textId,
    seed: (): Instance[] => [],
    indexes: noIndexes,
  }),
  tasks: declareKind({
    idOf: (task: Task) => task.id,
    parseId: textId,
    seed: fixtures.tasks,
    indexes: () => ({ active: new ActiveTasks() }),
    loadOrder: (a, b) => Date.parse(a.created_on ?? "") - Date.parse(b.created_on ?? ""),
    toRow: (task, context): TaskRow => {
      const plan = context.planOf(task.id);
      return plan ? { task, plan } : { task };
    },
    fromRow: (row, context) => {
      const { task, plan } = row as TaskRow;
      context.setPlan(task.id, plan);
      return task;
    },
  }),
};
