import type { Task } from "@cloud-contract/types";
import type { EntityIndex } from "../../collections/collection.js";
import { getOrAdd } from "../../indexes/get-or-add.js";
import { OrderedIndex } from "../../indexes/ordered-index.js";

const FINAL = new Set(["FINISHED", "ERROR"]);

/** Whether a task has ended (FINISHED or ERROR). */
const isFinal = (task: Task): boolean => FINAL.has(task.state);

const regionKey = (task: Pick<Task, "project_id" | "region_id">) =>
  `${String(task.project_id)}|${String(task.region_id)}`;

/**
 * The tasks not yet final, oldest first: per project and region, and per project, region and task type, so a
 * page of one type (or of all) is found without a scan.
 */
export class ActiveTasks implements EntityIndex<Task> {
  /** The type of each active task, by id. */
  private readonly types = new Map<string, string>();
  private readonly byRegion = new Map<string, OrderedIndex<string>>();
  private readonly byType = new Map<string, OrderedIndex<string>>();

  update(before: Task | undefined, after: Task | undefined): void {
    // A task's id, project, region and type never change: only its state moves it out.
    if (after && !isFinal(after)) {
      if (this.types.has(after.id)) return;
      this.types.set(after.id, String(after.task_type));
      for (const index of this.indexesOf(after)) index.add(after.id);
    } else if (before && this.types.delete(before.id)) {
      for (const index of this.indexesOf(before)) index.delete(before.id);
    }
  }

  has(id: string): boolean {
    return this.types.has(id);
  }

  private indexesOf(task: Task): OrderedIndex<string>[] {
    const region = regionKey(task);
    return [
      getOrAdd(this.byRegion, region, () => new OrderedIndex<string>()),
      getOrAdd(this.byType, `${region}|${task.task_type}`, () => new OrderedIndex<string>()),
    ];
  }

  /**
   * A page of the ids of a project's and region's active tasks, oldest first, optionally of some task types
   * only, and how many match.
   */
  page(
    projectId: number,
    regionId: number,
    types: readonly string[],
    offset: number,
    limit: number,
  ): { count: number; ids: string[] } {
    const region = regionKey({ project_id: projectId, region_id: regionId });
    const distinct = [...new Set(types)];
    if (distinct.length <= 1) {
      const index =
        distinct.length === 0 ? this.byRegion.get(region) : this.byType.get(`${region}|${distinct[0]}`);
      if (!index) return { count: 0, ids: [] };
      return { count: index.size, ids: index.page(offset, limit) };
    }
    // Several types: the region's list, filtered (the types are few and rarely combined).
    const wanted = new Set(distinct);
    const ids = [...(this.byRegion.get(region) ?? [])].filter((id) => wanted.has(this.types.get(id) ?? ""));
    return { count: ids.length, ids: ids.slice(offset, offset + limit) };
  }
}
