// The generation settings of a contract run: each from its flag, else its variable (CONTRACT_GENERATED
// cases per operation, CONTRACT_SEED, CONTRACT_OPERATIONS as a comma list), else its default.
import type { Env } from "./target.js";

export interface GenerateSettings {
  /** Random valid cases per operation (0: no generated cases). Targeted and invalid cases come on top. */
  cases: number;
  seed: number;
  /** Only these operations (all when empty). */
  operations: string[];
}

/** The generation flags of a command (undefined: not given); their parsers have checked them. */
export interface GenerateFlags {
  generated?: number;
  seed?: number;
  operations?: string[];
}

export const DEFAULT_SEED = 1;

export function readGenerateSettings(env: Env, flags: GenerateFlags = {}): GenerateSettings {
  return {
    cases: flags.generated ?? casesOf(env),
    seed: flags.seed ?? seedOf(env),
    operations:
      flags.operations ??
      (env.CONTRACT_OPERATIONS ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
  };
}

function casesOf(env: Env): number {
  const cases = env.CONTRACT_GENERATED?.trim() || "0";
  if (!/^\d+$/.test(cases)) throw new Error(`CONTRACT_GENERATED must be a whole number, got "${cases}"`);
  return Number(cases);
}

function seedOf(env: Env): number {
  const seed = env.CONTRACT_SEED?.trim() || String(DEFAULT_SEED);
  if (!/^-?\d+$/.test(seed) || Math.abs(Number(seed)) > 2 ** 31 - 1) {
    throw new Error(`CONTRACT_SEED must be a 32-bit integer, got "${seed}"`);
  }
  return Number(seed);
}
