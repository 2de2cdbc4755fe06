import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { currentVersions, readBaseline } from "./baseline.js";
import { branchBase } from "./branch-base.js";
import { compareSpecs, operationIdentity } from "./diff/compare.js";
import { fingerprintOf } from "./diff/fingerprint.js";
import { isPolicyRule } from "./diff/rules.js";
import { SchemaCompileError } from "./diff/validators.js";
import { placeOf } from "./finding-place.js";
import { decide } from "./gate.js";
import { GateInputError } from "./gate-input-error.js";
import type { BaseSummary, GateFinding, GateReport } from "./gate-report.js";
import { readPolicy } from "./policy.js";
import { replayTeams } from "./recorded-teams.js";
import { bumpsOf, pendingBumps } from "./release-plan.js";
import { sourceLocator } from "./source-map.js";
import { checkBundle } from "./spec-input.js";
import { applyWaivers, readWaivers } from "./waivers.js";

export interface GateOptions {
  root: string;
  /** The candidate bundle; `spec/dist/openapi.json` by default. */
  current?: string;
  policyFile?: string;
  waiversFile?: string;
  consumersDir?: string;
  /** The ref whose merge-base with HEAD is the branch's base; `main` by default. */
  base?: string;
  /** `YYYY-MM-DD`: the day sunsets and waiver expiries are judged against. */
  today: string;
}

export const POLICY_FILE = "release-gate.yaml";
export const WAIVERS_FILE = "release-gate-waivers.yaml";
export const CONSUMERS_DIR = "consumers";

function readJson(file: string, what: string): unknown {
  if (!existsSync(file)) throw new GateInputError(`${file} is missing: ${what}`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new GateInputError(`${file}: not JSON: ${(error as Error).message}`);
  }
}

/**
 * One run of the gate: check the documents, compare the candidate with the released spec and with the spec
 * at the branch's base, locate, waive, replay the consumers' recordings, decide. A change this branch makes
 * needs a changeset of this branch; one the base already had is excused by any pending changeset.
 */
export async function runGate(options: GateOptions): Promise<GateReport> {
  const { root, today } = options;
  const policy = readPolicy(options.policyFile ?? join(root, POLICY_FILE));
  const waivers = readWaivers(options.waiversFile ?? join(root, WAIVERS_FILE));
  const candidateFile = options.current ?? join(root, "spec", "dist", "openapi.json");
  const candidate = readJson(candidateFile, "build the bundle first (nx run spec:bundle)");
  checkBundle(candidate, candidateFile);
  let baseline: ReturnType<typeof readBaseline>;
  try {
    baseline = readBaseline(root);
  } catch (error) {
    throw new GateInputError((error as Error).message);
  }
  checkBundle(baseline.spec, join(root, "spec", "released", "openapi.json"));
  const base = branchBase(root, options.base);
  if ("spec" in base)
    checkBundle(base.spec, `the spec at ${base.ref}'s merge-base ${base.commit.slice(0, 12)}`);
  const locate = sourceLocator(join(root, "spec"));
  const replay = replayTeams(
    root,
    options.consumersDir ?? join(root, CONSUMERS_DIR),
    baseline.spec as never,
    candidate as never,
    policy,
    "spec" in base ? (base.spec as never) : undefined,
  );
  const labels = new Map<unknown, string>([
    [candidate, candidateFile],
    [baseline.spec, join(root, "spec", "released", "openapi.json")],
  ]);
  if ("spec" in base)
    labels.set(base.spec, `the spec at ${base.ref}'s merge-base ${base.commit.slice(0, 12)}`);
  const compare = (before: unknown) => {
    try {
      return compareSpecs(before, candidate, { policy: { ...policy.deprecation, today } });
    } catch (error) {
      if (!(error instanceof SchemaCompileError)) throw error;
      throw new GateInputError(`${labels.get(error.doc) ?? "a spec"}: ${error.message}`);
    }
  };
  const judge = (
    finding: ReturnType<typeof compare>[number],
    origin?: GateFinding["origin"],
  ): GateFinding => {
    const touched = new Map<string, string[]>();
    const [method = "", path = ""] = finding.operation.split(" ");
    for (const exchange of replay.byOperation.get(operationIdentity(method, path)) ?? []) {
      touched.set(exchange.team, [...(touched.get(exchange.team) ?? []), exchange.label]);
    }
    const source = locate(placeOf(finding, candidate));
    return {
      ...finding,
      ...(source ? { source } : {}),
      fingerprint: fingerprintOf(finding),
      touches: [...touched].map(([team, labels]) => ({ team, exchanges: labels.length, labels })),
      ...(origin ? { origin } : {}),
    };
  };
  const sinceRelease = compare(baseline.spec);
  let judged: GateFinding[];
  if ("spec" in base) {
    const branch = compare(base.spec).map((f) => judge(f, "branch"));
    const mine = new Set(branch.map((f) => f.fingerprint));
    const pending = sinceRelease.map((f) => judge(f, "pending")).filter((f) => !mine.has(f.fingerprint));
    judged = [...branch, ...pending];
  } else judged = sinceRelease.map((f) => judge(f));
  const { findings, problems } = applyWaivers(judged, waivers, today);
  const open = findings.filter((f) => !f.waiver);
  const policyBreaks = open.filter((f) => isPolicyRule(f.rule));
  const errors = open.filter((f) => f.level === "error" && !isPolicyRule(f.rule));
  const reasons: string[] = [];
  const missingBumps: GateReport["missingBumps"] = [];
  let ok = true;
  const versions = currentVersions(root);
  if ("spec" in base) {
    const mine = errors.filter((f) => f.origin === "branch");
    const decision = decide({
      errors: mine.length,
      bumps: await bumpsOf(root, base.changesets),
      currentVersions: versions,
      releasedVersions: base.versions,
      scope: "branch",
    });
    ok &&= decision.ok;
    missingBumps.push(...decision.missing);
    reasons.push(
      ...(mine.length === 0
        ? ["this branch: no breaking change"]
        : decision.reasons.map((r) => `this branch: ${r}`)),
    );
  }
  const earlier = errors.filter((f) => f.origin !== "branch");
  const decision = decide({
    errors: earlier.length,
    bumps: await pendingBumps(root),
    currentVersions: versions,
    releasedVersions: baseline.versions,
  });
  ok &&= decision.ok;
  // A pending change is excused by any pending changeset: one this branch adds serves as well.
  for (const need of decision.missing)
    if (!missingBumps.some((m) => m.name === need.name)) missingBumps.push(need);
  const scope = "spec" in base ? "pending before this branch: " : "";
  reasons.push(...decision.reasons.map((r) => `${scope}${r}`));
  if (policyBreaks.length > 0) {
    ok = false;
    reasons.push(
      `${policyBreaks.length} deprecation promise(s) broken (no bump excuses them; waive with a reason or keep the API until its sunset)`,
    );
  }
  const teams = new Map<string, { blocking: boolean; count: number }>();
  for (const r of replay.refusals.filter((r) => !r.pending))
    teams.set(r.team, { blocking: r.blocking, count: (teams.get(r.team)?.count ?? 0) + 1 });
  for (const [team, { blocking, count }] of teams) {
    if (blocking) ok = false;
    reasons.push(
      `${blocking ? "team" : "warning: team"} ${team}: ${count} recorded exchange(s) refused by the candidate${blocking ? " (blocks)" : " (warns only)"}`,
    );
  }
  const pendingRefusals = replay.refusals.filter((r) => r.pending).length;
  if (pendingRefusals > 0)
    reasons.push(
      `${pendingRefusals} recorded exchange(s) refused alike at the base: pending before this branch, not blocking`,
    );
  if (problems.length > 0) {
    ok = false;
    reasons.push(`${problems.length} waiver problem(s)`);
  }
  const summary: BaseSummary =
    "spec" in base ? { ref: base.ref, commit: base.commit, changesets: base.changesets } : base;
  return {
    ok,
    findings,
    refusals: replay.refusals,
    replayed: { teams: replay.teams, exchanges: replay.exchanges, skipped: replay.skipped },
    base: summary,
    waiverProblems: problems,
    reasons,
    missingBumps,
  };
}
