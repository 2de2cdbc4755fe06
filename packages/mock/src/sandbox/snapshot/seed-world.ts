import type { DocumentModel } from "@cloud-contract/spec/model";
import { cloneJson } from "../exact-json.js";
import type { Store } from "../store.js";
import { checkSnapshot } from "./check.js";
import type { SnapshotDocument } from "./format.js";
import { loadSnapshot } from "./load.js";
import { SeedRefused } from "./refusal.js";

/**
 * What a sandbox's `seed` option makes of its stores: a number or text seeds the built-in fixtures; a snapshot
 * document (checked first, a {@link SeedRefused} when it does not load) is every store's world, and its
 * catalogue seed the sandbox's.
 */
export function seedWorld(
  seed: number | string | SnapshotDocument | undefined,
  model: DocumentModel,
): { seed?: number | string; world?: (store: Store) => void } {
  if (seed === undefined) return {};
  if (typeof seed !== "object") return { seed };
  const problems = checkSnapshot(seed, model, seed.seed);
  // Armed faults and overrides load through the control API (PUT /__sandbox/snapshot), not into every tenant.
  for (const armed of ["faults", "overrides"] as const) {
    if ((seed[armed]?.length ?? 0) > 0) {
      problems.push({ pointer: `/${armed}`, rule: `a seed starts tenants without ${armed}: leave them out` });
    }
  }
  if (problems.length > 0) throw new SeedRefused(problems);
  const doc = cloneJson(seed);
  return { seed: doc.seed, world: (store) => loadSnapshot(store, doc) };
}
