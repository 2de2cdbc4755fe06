import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SandboxOptions } from "../sandbox/server.js";
import { startPostgres } from "./postgres.js";

/** One durable storage mode: how to point a sandbox at a fresh store, and how to remove it after. */
export interface DurableMode {
  name: string;
  /** A fresh, empty store: the options and the CLI flags that use it, and how to remove it. */
  create(): Promise<{ options: SandboxOptions; flags: string[]; remove(): Promise<void> }>;
}

export const EMBEDDED: DurableMode = {
  name: "embedded (--data-dir)",
  async create() {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-data-"));
    return {
      options: { dataDir: dir },
      flags: ["--data-dir", dir],
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

export const STATE_FILE: DurableMode = {
  name: "JSON state file (--state-file)",
  async create() {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
    const file = join(dir, "state.json");
    return {
      options: { stateFile: file },
      flags: ["--state-file", file],
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

export const POSTGRES: DurableMode = {
  name: "PostgreSQL (--database-url)",
  async create() {
    const server = await startPostgres();
    return {
      options: { databaseUrl: server.url },
      flags: ["--database-url", server.url],
      remove: () => server.stop(),
    };
  },
};

/** The modes that commit each change before its answer (LMDB and PostgreSQL), for `describe.each`. */
export const DURABLE_MODES = [EMBEDDED, POSTGRES];

/** Every mode that keeps state beyond the process, the state file included. */
export const PERSISTENT_MODES = [STATE_FILE, EMBEDDED, POSTGRES];
