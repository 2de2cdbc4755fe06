// The generation settings of a contract run, from CONTRACT_GENERATED (cases per operation),
// CONTRACT_SEED and CONTRACT_OPERATIONS (a comma list); the bin sets them from its flags.
import type { Env } from "./target.js";

export interface GenerateSettings {
  /** Random valid cases per operation (0: no generated cases). Targeted and invalid cases come on top. */
  cases: number;
  seed: number;
  /** Only these operations (all when empty). */
  operations: string[];
}

export const DEFAULT_SEED = 1;

export function readGenerateSettings(env: Env): GenerateSettings {
  const cases = env.CONTRACT_GENERATED?.trim() || "0";
  const seed = env.CONTRACT_SEED?.trim() || String(DEFAULT_SEED);
  if (!/^\d+$/.test(cases)) throw new Error(`CONTRACT_GENERATED must be a whole number, got "${cases}"`);
  if (!/^-?\d+$/.test(seed) || Math.abs(Number(seed)) > 2 ** 31 - 1) {
    throw new Error(`CONTRACT_SEED must be a 32-bit integer, got "${seed}"`);
  }
  const operations = (env.CONTRACT_OPERATIONS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return { cases: Number(cases), seed: Number(seed), operations };
}
