import { existsSync, readFileSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import type { PersistedState, Store } from "./store.js";

/**
 * Keeps a store in a JSON file: loads it at start-up (if the file exists) and writes it after changes.
 * Writes are atomic (a temporary file in the same folder, then a rename) and never overlap; changes that
 * arrive during a write are coalesced into one more write.
 */
export class StateFile {
  private writing: Promise<void> | undefined;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private counter = 0;
  private lastError: Error | undefined;

  constructor(
    readonly path: string,
    private readonly store: Store,
    private readonly delayMs = 25,
  ) {}

  /** Restores the store from the file; returns false when there is no file yet. */
  load(): boolean {
    if (!existsSync(this.path)) return false;
    const saved = JSON.parse(readFileSync(this.path, "utf8")) as PersistedState;
    this.store.restore(saved);
    return true;
  }

  /** Starts writing after every change of the store. */
  watch(): void {
    this.store.onChange(() => this.schedule());
  }

  /** Marks the state as changed; a write follows shortly. */
  schedule(): void {
    this.dirty = true;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeLoop();
    }, this.delayMs);
  }

  /** Resolves when everything changed so far is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.writing) await this.writing;
    if (this.dirty) await this.writeLoop();
    if (this.lastError) throw this.lastError;
  }

  private writeLoop(): Promise<void> {
    this.writing ??= (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          await this.writeOnce(JSON.stringify(this.store.toPersisted()));
        }
      } finally {
        this.writing = undefined;
      }
    })();
    return this.writing;
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
