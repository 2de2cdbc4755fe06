// Deprecation notices: a deprecation without a date, a sunset moved earlier or sooner than its level's notice.
import { type Deprecation, type DeprecationPolicy, daysBetween } from "../deprecation.js";
import { promiseBroken, type RuleFamily } from "./rule.js";

const RULES = {
  "deprecated-without-sunset": { level: "warning", summary: "deprecated without an `x-sunset` date" },
  "sunset-moved-earlier": { level: "error", policy: true, summary: "a sunset date moved earlier" },
  "sunset-notice-too-short": {
    level: "error",
    policy: true,
    summary: "a sunset comes sooner than the stability level's minimum notice",
  },
} as const;

type Id = keyof typeof RULES;

export const deprecationRules: RuleFamily<Id> = {
  family: "deprecation",
  rules: RULES,
  exchanges: { "sunset-moved-earlier": promiseBroken, "sunset-notice-too-short": promiseBroken },
};

/** A sunset moved earlier, a deprecation whose notice is shorter than its level asks, or one without a date. */
export function sunsetChanges(
  was: Deprecation,
  now: Deprecation,
  stability: string,
  policy: DeprecationPolicy,
): Array<{ rule: Id; message: string }> {
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
  const notice = daysBetween(policy.today, now.sunset);
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
