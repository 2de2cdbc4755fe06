import type { DurableStart, SandboxOptions } from "../server.js";
import { LmdbBackend } from "./lmdb-backend.js";
import { PostgresBackend } from "./postgres-backend.js";

/** Opens the durable backend the options ask for and loads what it holds; undefined in memory mode. */
export async function openBackend(options: SandboxOptions): Promise<DurableStart | undefined> {
  const backend = options.databaseUrl
    ? new PostgresBackend(options.databaseUrl)
    : options.dataDir
      ? new LmdbBackend(options.dataDir)
      : undefined;
  if (!backend) return undefined;
  return { backend, loaded: await backend.load() };
}
