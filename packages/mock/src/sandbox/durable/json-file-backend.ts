import { existsSync, readFileSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { asError, messageOf } from "../../error-message.js";
import { type ClockState, realClock } from "../clock/clock.js";
import { type EntityKind, rowsOfLists } from "../entities.js";
import { parseJson, stringifyJson } from "../exact-json.js";
import type { FaultRule } from "../faults/fault.js";
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
  /** How each running task ends, by task id (kept beside its row from version 2 on). */
  taskPlans: Record<string, unknown>;
  clock?: ClockState;
  faults?: FaultRule[];
  state: Record<string, unknown[] | undefined>;
}

/** Commits waiting for the write that holds them. */
interface Waiting {
  resolve(): void;
  reject(error: Error): void;
}

/** A tenant as it was before a write's commits were applied (undefined: it was not there). */
type Before = FileTenant | undefined;

/**
 * The JSON file backend (`--state-file`): every tenant's rows in memory, written to one file after each commit.
 * Writes are atomic (a temporary file in the same folder, flushed, then a rename) and never overlap: the commits
 * that arrive while a write is on the disk go together into the next one. A commit resolves once the write
 * holding it is renamed into place, so an acknowledged change survives a crash of the process; when that write
 * fails, every commit it held rejects and is undone here, and `close` reports a failed last write.
 */
export class JsonFileBackend implements StateBackend {
  readonly name = "state file";
  private readonly tenants = new Map<string, FileTenant>();
  private writing: Promise<void> | undefined;
  private dirty = false;
  /** Commits applied since the last write began, and each touched tenant as it was before them. */
  private waiting: Waiting[] = [];
  private before = new Map<string, Before>();
  private counter = 0;
  private lastError: Error | undefined;

  constructor(readonly path: string) {}

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
      throw new Error(`The state file ${this.path} is not JSON: ${messageOf(error)}`);
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

  /**
   * Applies the batch and resolves once a write holding it is in place. One process holds the file: the
   * registry's own count is the limit of tenants, so nothing is refused here.
   */
  commit(batch: CommitBatch): Promise<CommitOutcome> {
    for (const id of batch.evicted) {
      this.keepBefore(id);
      this.tenants.delete(id);
    }
    for (const changes of batch.tenants) {
      this.keepBefore(changes.id);
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
    return new Promise<CommitOutcome>((resolve, reject) => {
      this.waiting.push({ resolve: () => resolve({ refused: [] }), reject });
      this.schedule();
    });
  }

  /** Writes what is not on disk yet; rejects when the last write failed. */
  async close(): Promise<void> {
    if (this.writing) await this.writing;
    if (this.dirty) await this.writeLoop();
    if (this.lastError) throw this.lastError;
  }

  /** Keeps a tenant as it is now, the first time a commit since the last write touches it. */
  private keepBefore(id: string): void {
    if (this.before.has(id)) return;
    const tenant = this.tenants.get(id);
    this.before.set(id, tenant && { ...tenant, rows: new Map(tenant.rows) });
  }

  private schedule(): void {
    this.dirty = true;
    void this.writeLoop();
  }

  private writeLoop(): Promise<void> {
    this.writing ??= (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          const waiting = this.waiting;
          const before = this.before;
          this.waiting = [];
          this.before = new Map();
          const error = await this.writeOnce(this.text());
          if (!error) {
            for (const w of waiting) w.resolve();
            continue;
          }
          // The commits of a failed write are undone here (their writers roll back and are answered 503).
          for (const [id, tenant] of before) {
            if (this.before.has(id)) continue;
            if (tenant) this.tenants.set(id, tenant);
            else this.tenants.delete(id);
          }
          for (const w of waiting) w.reject(error);
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

  /** Writes the file whole through a temporary file; resolves to the error when it failed. */
  private async writeOnce(text: string): Promise<Error | undefined> {
    const temp = `${this.path}.${process.pid}.${++this.counter}.tmp`;
    try {
      const file = await open(temp, "w");
      try {
        await file.writeFile(text);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(temp, this.path);
      this.lastError = undefined;
      return undefined;
    } catch (error) {
      this.lastError = asError(error);
      await rm(temp, { force: true });
      return asError(error);
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
  // Rows are made as a kind makes them with its service's part: a running task's with its plan.
  const plans = { planOf: (taskId: string) => saved.taskPlans[taskId] };
  const rows = rowsOfLists(saved.state, () => plans);
  return { id: DEFAULT_TENANT_ID, meta, rows };
}
