// Large request parts for the tests and the benchmark of large inputs (bench/large-inputs.mjs).
import type { SecurityGroupRuleCreate } from "@cloud-contract/types";

/** A tags merge patch of `count` new tags: `t<i>: v` (60,000 of them take about 0.8 MB). */
export function manyTags(count: number): Record<string, string> {
  const tags: Record<string, string> = {};
  for (let i = 0; i < count; i++) tags[`t${i}`] = "v";
  return tags;
}

/** A `maxTagsPerGroup` with room for the large patches above, for tests of size rather than of the tag limit. */
export const ROOM_FOR_MANY_TAGS = 1_000_000;

/** `count` distinct ingress TCP rules to create, one port each from 1 up (7,000 of them take about 0.5 MB). */
export function manyRules(count: number): (SecurityGroupRuleCreate & { action: "create" })[] {
  return Array.from({ length: count }, (_, i) => ({
    action: "create",
    protocol: "tcp",
    port_range_min: i + 1,
    port_range_max: i + 1,
  }));
}
