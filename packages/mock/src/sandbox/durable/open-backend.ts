import type { DurableStart, SandboxOptions } from "../server.js";
import { LmdbBackend } from "./lmdb-backend.js";

/** Opens the durable backend the options ask for and loads what it holds; undefined in memory mode. */
export async function openBackend(options: SandboxOptions): Promise<DurableStart | undefined> {
  if (!options.dataDir) return undefined;
  const backend = new LmdbBackend(options.dataDir);
  return { backend, loaded: await backend.load() };
}
