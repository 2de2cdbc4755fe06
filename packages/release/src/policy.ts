import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { DEFAULT_DEPRECATION_POLICY, type DeprecationPolicy } from "./diff/deprecation.js";
import { GateInputError } from "./gate-input-error.js";

export type TeamMode = "block" | "warn";

/** The gate's policy file: deprecation notice per stability level, and which consumer teams block. */
export interface GatePolicy {
  deprecation: Omit<DeprecationPolicy, "today">;
  teams: Record<string, TeamMode>;
  /** The mode of a team the file does not name. */
  defaultTeamMode: TeamMode;
}

const MODES = new Set(["block", "warn"]);

export function readPolicy(file: string): GatePolicy {
  const policy: GatePolicy = { deprecation: DEFAULT_DEPRECATION_POLICY, teams: {}, defaultTeamMode: "warn" };
  if (!existsSync(file)) return policy;
  let data: Record<string, unknown>;
  try {
    data = (parse(readFileSync(file, "utf8")) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new GateInputError(`${file}: not YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  const deprecation = (data.deprecation ?? {}) as Record<string, unknown>;
  const notice = deprecation.minimumNoticeDays ?? policy.deprecation.minimumNoticeDays;
  if (
    !notice ||
    typeof notice !== "object" ||
    Object.values(notice).some((d) => !Number.isInteger(d) || (d as number) < 0)
  ) {
    throw new GateInputError(
      `${file}: deprecation.minimumNoticeDays must map stability levels to whole days`,
    );
  }
  const defaultStability = deprecation.defaultStability ?? policy.deprecation.defaultStability;
  if (typeof defaultStability !== "string")
    throw new GateInputError(`${file}: deprecation.defaultStability must be a level name`);
  const consumers = (data.consumers ?? {}) as Record<string, unknown>;
  const teams = (consumers.teams ?? {}) as Record<string, unknown>;
  for (const [team, mode] of Object.entries(teams)) {
    if (!MODES.has(String(mode)))
      throw new GateInputError(
        `${file}: team ${team} must be "block" or "warn", not ${JSON.stringify(mode)}`,
      );
  }
  const defaultTeamMode = consumers.default ?? "warn";
  if (!MODES.has(String(defaultTeamMode)))
    throw new GateInputError(`${file}: consumers.default must be "block" or "warn"`);
  return {
    deprecation: { minimumNoticeDays: notice as Record<string, number>, defaultStability },
    teams: teams as Record<string, TeamMode>,
    defaultTeamMode: defaultTeamMode as TeamMode,
  };
}
