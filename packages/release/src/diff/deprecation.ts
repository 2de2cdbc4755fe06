import type { RuleId } from "./rules.js";

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

type Removable = "operation" | "request-parameter" | "request-property" | "response-property";

/**
 * The rule for removing something: after its sunset it needs no major (info); deprecated with a sunset still
 * ahead it breaks a promise (error); otherwise the plain removal rule holds.
 */
export function removalRule(
  kind: Removable,
  plain: RuleId,
  was: Deprecation,
  policy: DeprecationPolicy,
): RuleId {
  if (!was.deprecated || was.sunset === undefined) return plain;
  return (
    was.sunset <= policy.today ? `${kind}-removed-after-sunset` : `${kind}-removed-before-sunset`
  ) as RuleId;
}

const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** A sunset moved earlier, a deprecation whose notice is shorter than its level asks, or one without a date. */
export function sunsetChanges(
  was: Deprecation,
  now: Deprecation,
  stability: string,
  policy: DeprecationPolicy,
): Array<{ rule: RuleId; message: string }> {
  if (!now.deprecated) return [];
  if (now.sunset === undefined) {
    return was.deprecated
      ? []
      : [{ rule: "deprecated-without-sunset", message: "deprecated without an x-sunset date" }];
  }
  if (was.sunset !== undefined && now.sunset < was.sunset) {
    return [{ rule: "sunset-moved-earlier", message: `sunset moved earlier: ${was.sunset} → ${now.sunset}` }];
  }
  if (was.deprecated && was.sunset !== undefined) return [];
  const minimum =
    policy.minimumNoticeDays[stability] ?? policy.minimumNoticeDays[policy.defaultStability] ?? 0;
  const notice = days(policy.today, now.sunset);
  if (notice < minimum) {
    return [
      {
        rule: "sunset-notice-too-short",
        message: `sunset ${now.sunset} is ${notice} days away; ${stability} needs at least ${minimum}`,
      },
    ];
  }
  return [];
}
