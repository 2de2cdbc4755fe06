import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { currentVersions, readBaseline } from "./baseline.js";
import { compareSpecs, operationIdentity } from "./diff/compare.js";
import { fingerprintOf } from "./diff/fingerprint.js";
import { isPolicyRule } from "./diff/rules.js";
import { decide } from "./gate.js";
import { GateInputError } from "./gate-input-error.js";
import type { GateFinding, GateReport } from "./gate-report.js";
import { readPolicy } from "./policy.js";
import { replayTeams } from "./recorded-teams.js";
import { pendingBumps } from "./release-plan.js";
import { sourceLocator } from "./source-map.js";
import { applyWaivers, readWaivers } from "./waivers.js";

export interface GateOptions {
  root: string;
  /** The candidate bundle; `spec/dist/openapi.json` by default. */
  current?: string;
  policyFile?: string;
  waiversFile?: string;
  consumersDir?: string;
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

/** One run of the gate: compare, locate, waive, replay the consumers' recordings, decide. */
export async function runGate(options: GateOptions): Promise<GateReport> {
  const { root, today } = options;
  const policy = readPolicy(options.policyFile ?? join(root, POLICY_FILE));
  const waivers = readWaivers(options.waiversFile ?? join(root, WAIVERS_FILE));
  const candidate = readJson(
    options.current ?? join(root, "spec", "dist", "openapi.json"),
    "build the bundle first (nx run spec:bundle)",
  );
  let baseline: ReturnType<typeof readBaseline>;
  try {
    baseline = readBaseline(root);
  } catch (error) {
    throw new GateInputError((error as Error).message);
  }
  const locate = sourceLocator(join(root, "spec"));
  const replay = replayTeams(
    root,
    options.consumersDir ?? join(root, CONSUMERS_DIR),
    baseline.spec as never,
    candidate as never,
    policy,
  );
  const raw = compareSpecs(baseline.spec, candidate, { policy: { ...policy.deprecation, today } });
  const judged: GateFinding[] = raw.map((finding) => {
    const touched = new Map<string, string[]>();
    const [method = "", path = ""] = finding.operation.split(" ");
    for (const exchange of replay.byOperation.get(operationIdentity(method, path)) ?? []) {
      touched.set(exchange.team, [...(touched.get(exchange.team) ?? []), exchange.label]);
    }
    const source = locate(finding.after);
    return {
      ...finding,
      ...(source ? { source } : {}),
      fingerprint: fingerprintOf(finding),
      touches: [...touched].map(([team, labels]) => ({ team, exchanges: labels.length, labels })),
    };
  });
  const { findings, problems } = applyWaivers(judged, waivers, today);
  const open = findings.filter((f) => !f.waiver);
  const policyBreaks = open.filter((f) => isPolicyRule(f.rule));
  const errors = open.filter((f) => f.level === "error" && !isPolicyRule(f.rule));
  const decision = decide({
    errors: errors.length,
    bumps: await pendingBumps(root),
    currentVersions: currentVersions(root),
    releasedVersions: baseline.versions,
  });
  const reasons = [...decision.reasons];
  let ok = decision.ok;
  if (policyBreaks.length > 0) {
    ok = false;
    reasons.push(
      `${policyBreaks.length} deprecation promise(s) broken (no bump excuses them; waive with a reason or keep the API until its sunset)`,
    );
  }
  const teams = new Map<string, { blocking: boolean; count: number }>();
  for (const r of replay.refusals)
    teams.set(r.team, { blocking: r.blocking, count: (teams.get(r.team)?.count ?? 0) + 1 });
  for (const [team, { blocking, count }] of teams) {
    if (blocking) ok = false;
    reasons.push(
      `${blocking ? "team" : "warning: team"} ${team}: ${count} recorded exchange(s) refused by the candidate${blocking ? " (blocks)" : " (warns only)"}`,
    );
  }
  if (problems.length > 0) {
    ok = false;
    reasons.push(`${problems.length} waiver problem(s)`);
  }
  return {
    ok,
    findings,
    refusals: replay.refusals,
    replayed: { teams: replay.teams, exchanges: replay.exchanges, skipped: replay.skipped },
    waiverProblems: problems,
    reasons,
  };
}
