import type { Finding } from "./diff/finding.js";

/** The recorded exchanges of one team that call a finding's operation. */
export interface Touch {
  team: string;
  exchanges: number;
  /** Each exchange: `consumers/web/tasks.har#1 GET /tasks/gone → 404`. */
  labels: string[];
}

/** A finding as the gate judged it. */
export interface GateFinding extends Finding {
  fingerprint: string;
  /** The waiver that lets it through, if one does. */
  waiver?: { reason: string; expires: string };
  /** The teams whose recordings call this operation; empty when no recording touches it. */
  touches: Touch[];
  /**
   * `branch`: this branch makes the change (it is a difference from the spec at the base); `pending`: the
   * spec at the base already had it. Undefined when there is no base to tell them apart.
   */
  origin?: "branch" | "pending";
}

/** What the candidate was judged against besides the released spec: the branch's base, or why none. */
export type BaseSummary =
  | { ref: string; commit: string; changesets: string[] }
  | { ref: string; notice: string };

/** A recorded exchange the candidate spec refuses. */
export interface Refusal {
  team: string;
  /** Whether the team's policy blocks the release (else it only warns). */
  blocking: boolean;
  /** `getTask (GET /cloud/v1/tasks/{task_id})`, or the method and path when no operation answers it. */
  operation: string;
  /** `consumers/docs/tasks.har#2 GET /cloud/v1/tasks/abc → 200` */
  exchange: string;
  reasons: string[];
  /** The spec at the branch's base refuses it alike: pending before this branch, it does not block. */
  pending?: boolean;
}

/** What one run of the gate judged: the one model every output format writes. */
export interface GateReport {
  ok: boolean;
  findings: GateFinding[];
  refusals: Refusal[];
  /** Teams and exchanges replayed (zero when there are no recordings); skipped: routes neither spec has. */
  replayed: { teams: string[]; exchanges: number; skipped: number };
  base: BaseSummary;
  /** Expired or unused waivers; each fails the gate. */
  waiverProblems: string[];
  /** One line per reason the gate passed or failed. */
  reasons: string[];
  /** The bumps a changeset must ask for before the gate passes (what `pnpm changeset` is to record). */
  missingBumps: Array<{ name: string; bump: "major" | "minor" }>;
}
