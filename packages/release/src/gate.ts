import { API_PACKAGES } from "./packages.js";
import type { BumpType } from "./release-plan.js";

export interface GateInput {
  /** How many error-level findings are left once waivers are applied (each one breaks consumers). */
  errors: number;
  /** Bumps the pending changesets will apply (see pendingBumps). */
  bumps: Map<string, BumpType>;
  /** Versions in the workspace now, by package name. */
  currentVersions: Record<string, string>;
  /** Versions at the last release, recorded beside the released spec; undefined before the first release. */
  releasedVersions: Record<string, string> | undefined;
  /**
   * `pending` (the default): every pending changeset against the last release; `branch`: the changesets this
   * branch adds, and `releasedVersions` are the versions at the branch's base.
   */
  scope?: "pending" | "branch";
}

const WORDS = {
  pending: {
    changeset: "a pending changeset",
    since: "the last release",
    bumps: "pending",
    baseline: "released",
  },
  branch: {
    changeset: "a changeset of this branch",
    since: "the base",
    bumps: "this branch",
    baseline: "at the base",
  },
};

export interface GateDecision {
  ok: boolean;
  /** One line per API package saying how its major moves (or why not enough). */
  reasons: string[];
  /** The bumps a changeset must still ask for (`pnpm changeset`), per package. */
  missing: Array<{ name: string; bump: "major" | "minor" }>;
}

function part(version: string | undefined, index: 0 | 1): number {
  return Number.parseInt(version?.split(".")[index] ?? "", 10);
}
const major = (version: string | undefined) => part(version, 0);
const minor = (version: string | undefined) => part(version, 1);

/**
 * Error-level findings pass only when both API packages get a new major: through a pending
 * changeset, or because `changeset version` already raised the major since the last release. Before 1.0
 * the minor is the breaking bump (semver leaves 0.x open, and a `^0.1.0` range does not take 0.2.0), so
 * there a minor bump — pending or already applied — is enough.
 */
export function decide(input: GateInput): GateDecision {
  if (input.errors === 0) return { ok: true, reasons: ["no breaking change"], missing: [] };
  const reasons: string[] = [];
  const missing: GateDecision["missing"] = [];
  const { changeset, since, bumps, baseline } = WORDS[input.scope ?? "pending"];
  let ok = true;
  for (const name of API_PACKAGES) {
    const bump = input.bumps.get(name) ?? "none";
    const now = input.currentVersions[name];
    const then = input.releasedVersions?.[name];
    const beforeOne = major(then ?? now) === 0;
    if (bump === "major") {
      reasons.push(`${name}: ${changeset} bumps the major`);
    } else if (beforeOne && bump === "minor") {
      reasons.push(`${name}: ${changeset} bumps the minor, the breaking bump before 1.0`);
    } else if (then !== undefined && major(now) > major(then)) {
      reasons.push(`${name}: major already raised since ${since} (${then} → ${now})`);
    } else if (beforeOne && then !== undefined && major(now) === 0 && minor(now) > minor(then)) {
      reasons.push(
        `${name}: minor already raised since ${since}, the breaking bump before 1.0 (${then} → ${now})`,
      );
    } else {
      ok = false;
      missing.push({ name, bump: beforeOne ? "minor" : "major" });
      reasons.push(
        `${name}: needs a ${beforeOne ? "minor (before 1.0) or major" : "major"} bump (${bumps}: ${bump}; version ${now ?? "?"}, ${baseline} ${then ?? "?"})`,
      );
    }
  }
  return { ok, reasons, missing };
}
