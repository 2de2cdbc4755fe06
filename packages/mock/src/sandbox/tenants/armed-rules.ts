import { cloneJson } from "../exact-json.js";
import type { FaultRule } from "../faults/fault.js";
import type { OverrideRule } from "../overrides/override.js";
import type { MetaPart } from "../store.js";

/** A tenant's armed faults and overrides as its store's meta keeps them (either absent in older meta). */
export type ArmedMeta = { faults: FaultRule[]; overrides: OverrideRule[] };

/**
 * What a tenant has armed for its next calls: its faults and its overrides, oldest first, its own (no other
 * tenant's call sees them). They are saved with the tenant's store (its {@link MetaPart}), so a durable backend
 * keeps them, a replica catches up with them and a rolled-back write puts them back; a reset drops them.
 */
export class ArmedRules implements MetaPart<ArmedMeta> {
  faults: FaultRule[] = [];
  overrides: OverrideRule[] = [];

  save(): ArmedMeta {
    return { faults: this.faults.map((f) => ({ ...f })), overrides: this.overrides.map((o) => cloneJson(o)) };
  }

  restore(meta: Partial<ArmedMeta>): void {
    this.faults = meta.faults ?? [];
    this.overrides = meta.overrides ?? [];
  }

  clear(): void {
    this.restore({});
  }
}
