import type { Change } from "./types.js";

/**
 * The response fields that may now be null: type widenings on the response side whose new type admits
 * null where the old one did not. For TypeScript consumers each one is breaking (`T` becomes `T | null`),
 * so the gate lists all of them, never truncated.
 */
export function responseFieldsNowNullable(changes: readonly Change[]): Change[] {
  return changes.filter((c) => {
    if (c.rule !== "type-widened" || !c.where.includes(" response ")) return false;
    const [before, after] = c.message.replace(/^type widened: /, "").split(" → ");
    return after !== undefined && hasNull(after) && !hasNull(before ?? "");
  });
}

const hasNull = (types: string) => types.split(" | ").includes("null");
