import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Root of the monorepo (this file is packages/release/src/workspace.ts or dist/workspace.js). */
export const WORKSPACE_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export function workspacePath(...parts: string[]): string {
  return join(WORKSPACE_ROOT, ...parts);
}
