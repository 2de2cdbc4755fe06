import { existsSync, readFileSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { type ClockState, realClock } from "../clock/clock.js";
import { type EntityKind, rowsOfLists } from "../entities.js";
import { parseJson, stringifyJson } from "../exact-json.js";
import type { FaultRule } from "../faults/fault.js";
import type { TaskPlan } from "../services/cloud/shapes.js";
import type { StoreMeta } from "../store.js";
import {
  type CommitBatch,
  type CommitOutcome,
  DEFAULT_TENANT_ID,
  type LoadedTenant,
  type StateBackend,
  type TenantRow,
} from "./backend.js";

/** A tenant as the file keeps it: JSON text, as commits hand it over. */
interface FileTenant {
  record?: string;
  meta?: string;
  /** Row JSON by `kind id`. */
  rows: Map<string, { kind: EntityKind; id: string; json: string }>;
}

/** What the file holds (version 2): every tenant, the default world first. */
interface StateFileV2 {
  version: 2;
  tenants: {
    id: string;
    record?: TenantRow;
    meta?: StoreMeta;
    rows: { kind: EntityKind; id: string; value: unknown }[];
  }[];
}

/** What a version 1 file held: the default world's entity lists and meta (read, never written). */
interface StateFileV1 {
  version: 1;
  random: number[];
  nextNotificationId: number;
  taskPlans: Record<string, TaskPlan>;
  clock?: ClockState;
  faults?: FaultRule[];
  state: Record<string, unknown[] | undefined>;
}

/**
 * The JSON file backend (`--state-file`): every tenant's rows in memory, written to one file shortly after each
 * commit. Writes are atomic (a temporary file in the same folder, then a rename) and never overlap; commits that
 * arrive during a write are coalesced into one more write. A commit is acknowledged before its write, so a
 * crash loses the last few milliseconds (`--data-dir` and `--database-url` commit to disk first); a write that
 * fails is tried again after the next commit, and `close` reports it.
 */
export class JsonFileBackend implements StateBackend {
  readonly name = "state file";
  private readonly tenants = new Map<string, FileTenant>();
  private writing: Promise<void> | undefined;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private counter = 0;
  private lastError: Error | undefined;

  constructor(
    readonly path: string,
    private readonly delayMs = 25,
  ) {}

  /** Reads the file (version 2, or 1 from earlier releases); a missing file is written at once, empty. */
  async load(): Promise<LoadedTenant[]> {
    if (!existsSync(this.path)) {
      this.schedule();
      return [];
    }
    const text = readFileSync(this.path, "utf8");
    let saved: StateFileV1 | StateFileV2;
    try {
      saved = parseJson(text) as StateFileV1 | StateFileV2;
    } catch (error) {
      throw new Error(`The state file ${this.path} is not JSON: ${(error as Error).message}`);
    }
    const loaded =
      saved.version === 1 ? [fromVersion1(saved)] : saved.version === 2 ? saved.tenants : undefined;
    if (!loaded)
      throw new Error(
        `The state file ${this.path} has version ${String(saved.version)}; this sandbox reads 1 and 2.`,
      );
    for (const tenant of loaded) {
      const rows = new Map<string, { kind: EntityKind; id: string; json: string }>();
      for (const row of tenant.rows)
        rows.set(`${row.kind} ${row.id}`, {
          kind: row.kind,
          id: row.id,
          json: stringifyJson(row.value),
        });
      this.tenants.set(tenant.id, {
        ...(tenant.record ? { record: JSON.stringify(tenant.record) } : {}),
        ...(tenant.meta ? { meta: JSON.stringify(tenant.meta) } : {}),
        rows,
      });
    }
    // A version 1 file is written again as version 2 at once.
    if (saved.version === 1) this.schedule();
    return loaded.map((tenant) => ({
      id: tenant.id,
      ...(tenant.record ? { record: tenant.record } : {}),
      ...(tenant.meta ? { meta: tenant.meta } : {}),
      rows: tenant.rows.map((row) => ({ kind: row.kind, value: row.value })),
    }));
  }

  /** One process holds the file: the registry's own count is the limit of tenants, so nothing is refused here. */
  async commit(batch: CommitBatch): Promise<CommitOutcome> {
    for (const id of batch.evicted) this.tenants.delete(id);
    for (const changes of batch.tenants) {
      let tenant = this.tenants.get(changes.id);
      if (!tenant) {
        tenant = { rows: new Map() };
        this.tenants.set(changes.id, tenant);
      }
      if (changes.reset) tenant.rows.clear();
      if (changes.record) tenant.record = JSON.stringify(changes.record);
      tenant.meta = changes.meta;
      for (const row of changes.rows) tenant.rows.set(`${row.kind} ${row.id}`, row);
    }
    this.schedule();
    return { refused: [] };
  }

  /** Writes what is not on disk yet; rejects when the last write failed. */
  async close(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.writing) await this.writing;
    if (this.dirty) await this.writeLoop();
    if (this.lastError) throw this.lastError;
  }

  private schedule(): void {
    this.dirty = true;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeLoop();
    }, this.delayMs);
  }

  private writeLoop(): Promise<void> {
    this.writing ??= (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          await this.writeOnce(this.text());
        }
      } finally {
        this.writing = undefined;
      }
    })();
    return this.writing;
  }

  /** The file's text, put together from the JSON the commits handed over (nothing is serialised again). */
  private text(): string {
    const ids = [...this.tenants.keys()].sort((a, b) =>
      a === DEFAULT_TENANT_ID ? -1 : b === DEFAULT_TENANT_ID ? 1 : 0,
    );
    const tenants = ids.map((id) => {
      const tenant = this.tenants.get(id) as FileTenant;
      const rows = [...tenant.rows.values()].map(
        (row) => `{"kind":${JSON.stringify(row.kind)},"id":${JSON.stringify(row.id)},"value":${row.json}}`,
      );
      return `{"id":${JSON.stringify(id)}${tenant.record ? `,"record":${tenant.record}` : ""}${
        tenant.meta ? `,"meta":${tenant.meta}` : ""
      },"rows":[\n${rows.join(",\n")}]}`;
    });
    return `{"version":2,"tenants":[\n${tenants.join(",\n")}]}\n`;
  }

  private async writeOnce(text: string): Promise<void> {
    const temp = `${this.path}.${process.pid}.${++this.counter}.tmp`;
    try {
      await writeFile(temp, text);
      await rename(temp, this.path);
      this.lastError = undefined;
    } catch (error) {
      this.lastError = error as Error;
      await rm(temp, { force: true });
    }
  }
}

/** A version 1 file as the default world's rows and meta. */
function fromVersion1(saved: StateFileV1): StateFileV2["tenants"][number] {
  const meta: StoreMeta = {
    random: saved.random,
    nextNotificationId: saved.nextNotificationId,
    clock: saved.clock ?? realClock(),
    faults: saved.faults ?? [],
  };
  const rows = rowsOfLists(saved.state, (id) => saved.taskPlans[id]);
  return { id: DEFAULT_TENANT_ID, meta, rows };
}
