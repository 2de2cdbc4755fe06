import type { Json } from "./types.js";

/** The deprecation policy: today's date and the minimum notice, in days, per `x-stability-level`. */
export interface DeprecationPolicy {
  /** `YYYY-MM-DD` */
  today: string;
  minimumNoticeDays: Record<string, number>;
  /** The level of an operation without `x-stability-level`. */
  defaultStability: string;
}

export const DEFAULT_DEPRECATION_POLICY: Omit<DeprecationPolicy, "today"> = {
  minimumNoticeDays: { stable: 180, beta: 90, alpha: 0 },
  defaultStability: "stable",
};

/** What the released spec said about a thing that may go away. */
export interface Deprecation {
  deprecated: boolean;
  sunset: string | undefined;
}

/**
 * The rule for removing something: after its sunset it needs no major (`afterSunset`); deprecated with a
 * sunset still ahead it breaks a promise (`beforeSunset`); otherwise the plain removal rule holds.
 */
export function removalRule<R extends string>(
  rules: { plain: R; afterSunset: R; beforeSunset: R },
  was: Deprecation,
  policy: DeprecationPolicy,
): R {
  if (!was.deprecated || was.sunset === undefined) return rules.plain;
  return was.sunset <= policy.today ? rules.afterSunset : rules.beforeSunset;
}

const DAY = 86_400_000;

/** Days from one `YYYY-MM-DD` date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** What a node of the spec (an operation, a parameter) says of its deprecation. */
export function deprecationOf(node: Json): Deprecation {
  return {
    deprecated: node?.deprecated === true,
    sunset: typeof node?.["x-sunset"] === "string" ? node["x-sunset"] : undefined,
  };
}
