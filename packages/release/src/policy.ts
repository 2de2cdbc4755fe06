import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { DEFAULT_DEPRECATION_POLICY, type DeprecationPolicy } from "./diff/deprecation.js";
import { GateInputError } from "./gate-input-error.js";
import { errorLine, membersOf } from "./unknown-values.js";

export type TeamMode = "block" | "warn";

/** The gate's policy file: deprecation notice per stability level, and which consumer teams block. */
export interface GatePolicy {
  deprecation: Omit<DeprecationPolicy, "today">;
  teams: Record<string, TeamMode>;
  /** The mode of a team the file does not name. */
  defaultTeamMode: TeamMode;
}

const isTeamMode = (mode: unknown): mode is TeamMode => mode === "block" || mode === "warn";

export function readPolicy(file: string): GatePolicy {
  const policy: GatePolicy = { deprecation: DEFAULT_DEPRECATION_POLICY, teams: {}, defaultTeamMode: "warn" };
  if (!existsSync(file)) return policy;
  let data: Record<string, unknown>;
  try {
    data = membersOf(parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new GateInputError(`${file}: not YAML: ${errorLine(error)}`);
  }
  const deprecation = membersOf(data.deprecation);
  const notice = deprecation.minimumNoticeDays ?? policy.deprecation.minimumNoticeDays;
  const minimumNoticeDays: Record<string, number> = {};
  for (const [level, days] of Object.entries(membersOf(notice))) {
    if (typeof days === "number" && Number.isInteger(days) && days >= 0) minimumNoticeDays[level] = days;
  }
  if (
    !notice ||
    typeof notice !== "object" ||
    Object.keys(minimumNoticeDays).length !== Object.keys(notice).length
  ) {
    throw new GateInputError(
      `${file}: deprecation.minimumNoticeDays must map stability levels to whole days`,
    );
  }
  const defaultStability = deprecation.defaultStability ?? policy.deprecation.defaultStability;
  if (typeof defaultStability !== "string")
    throw new GateInputError(`${file}: deprecation.defaultStability must be a level name`);
  const consumers = membersOf(data.consumers);
  const teams: Record<string, TeamMode> = {};
  for (const [team, mode] of Object.entries(membersOf(consumers.teams))) {
    if (!isTeamMode(mode))
      throw new GateInputError(
        `${file}: team ${team} must be "block" or "warn", not ${JSON.stringify(mode)}`,
      );
    teams[team] = mode;
  }
  const defaultTeamMode = consumers.default ?? "warn";
  if (!isTeamMode(defaultTeamMode))
    throw new GateInputError(`${file}: consumers.default must be "block" or "warn"`);
  return { deprecation: { minimumNoticeDays, defaultStability }, teams, defaultTeamMode };
}
