// The gate's report computed from its inputs: the documents read and checked, the judged findings (kept by
// the same bytes), waivers applied, the release plans read, the verdict decided.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { currentVersions, readBaseline } from "./baseline.js";
import { type BaseCommit, branchBase } from "./branch-base.js";
import { decide } from "./gate.js";
import { GateInputError } from "./gate-input-error.js";
import type { BaseSummary, GateReport } from "./gate-report.js";
import { fileHash, type KeptResults } from "./kept-results.js";
import { readPolicy } from "./policy.js";
import { type BumpType, bumpsOf, pendingBumps, releasePlanHash } from "./release-plan.js";
import { resolveIdentifiers } from "./resolve-identifiers.js";
import { checkBundle } from "./spec-input.js";
import { applyWaivers, readWaivers } from "./waivers.js";

function readJson(file: string, what: string): unknown {
  if (!existsSync(file)) throw new GateInputError(`${file} is missing: ${what}`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new GateInputError(`${file}: not JSON: ${(error as Error).message}`);
  }
}

/**
 * The comparer and the replay, loaded when a result is not kept (with the validators and the spec's document
 * model they read, which must have been built: pnpm gate does it).
 */
async function loadJudge(): Promise<typeof import("./judged-findings.js")> {
  try {
    return await import("./judged-findings.js");
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new GateInputError(
      `the spec's document model is not built (${(error as Error).message.split("\n")[0]}): run pnpm gate, which builds it`,
    );
  }
}

/** The report of runGate computed from its inputs (the judged findings kept by the same bytes). */
export async function judgedReport({
  root,
  today,
  files,
  at,
  hashes,
  kept,
}: {
  root: string;
  today: string;
  files: { policy: string; waivers: string; candidate: string; consumers: string };
  at: BaseCommit;
  hashes: Record<"spec" | "consumers" | "policy" | "waivers" | "candidate", string>;
  kept: KeptResults;
}): Promise<GateReport> {
  const policy = readPolicy(files.policy);
  const waivers = readWaivers(files.waivers);
  /** checkBundle, skipped for a document an earlier run checked: named by what it was read from. */
  const checked = (doc: unknown, label: string, readFrom: unknown) =>
    kept.get("checked", [readFrom], async () => {
      checkBundle(doc, label);
      return true;
    });
  const candidateFile = files.candidate;
  const candidate = resolveIdentifiers(
    readJson(candidateFile, "build the bundle first (nx run spec:bundle)"),
  );
  await checked(candidate, candidateFile, hashes.candidate);
  let baseline: ReturnType<typeof readBaseline>;
  try {
    baseline = readBaseline(root);
  } catch (error) {
    throw new GateInputError((error as Error).message);
  }
  const releasedFile = join(root, "spec", "released", "openapi.json");
  const released = resolveIdentifiers(baseline.spec);
  const releasedHash = fileHash(releasedFile);
  await checked(released, releasedFile, releasedHash);
  const base = branchBase(root, at);
  const baseSpec =
    "spec" in base
      ? {
          spec: resolveIdentifiers(base.spec),
          label: `the spec at ${base.ref}'s merge-base ${base.commit.slice(0, 12)}`,
        }
      : undefined;
  if (baseSpec) await checked(baseSpec.spec, baseSpec.label, at);
  const consumersDir = files.consumers;
  const judged = await kept.get(
    "judged",
    [
      root,
      candidateFile,
      consumersDir,
      hashes.candidate,
      releasedHash,
      baseSpec ? at : null, // the label names the commit too, and only errors (never kept) carry it
      policy,
      today,
      hashes.spec,
      hashes.consumers,
    ],
    async () =>
      (await loadJudge()).judgeFindings({
        root,
        candidate,
        candidateFile,
        released,
        releasedFile,
        ...(baseSpec ? { base: baseSpec } : {}),
        policy,
        today,
        consumersDir,
        keptIn: join(root, "node_modules", ".cache", "release-gate", "parts"),
      }),
  );
  const plan = await releasePlanHash(root);
  // The release plans depend only on the changesets and the manifests (releasePlanHash).
  const bumps = async (
    step: string,
    files: readonly string[],
    compute: () => Promise<Map<string, BumpType>>,
  ) => new Map(await kept.get(step, [plan, files], async () => [...(await compute())]));
  const { findings, problems } = applyWaivers(judged.findings, waivers, today);
  const open = findings.filter((f) => !f.waiver);
  const policyRules = new Set(judged.policyRules);
  const policyBreaks = open.filter((f) => policyRules.has(f.rule));
  const errors = open.filter((f) => f.level === "error" && !policyRules.has(f.rule));
  const reasons: string[] = [];
  const missingBumps: GateReport["missingBumps"] = [];
  let ok = true;
  const versions = currentVersions(root);
  if ("spec" in base) {
    const mine = errors.filter((f) => f.origin === "branch");
    const decision = decide({
      errors: mine.length,
      bumps: await bumps("branch-bumps", base.changesets, () => bumpsOf(root, base.changesets)),
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
    bumps: await bumps("pending-bumps", [], () => pendingBumps(root)),
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
  for (const r of judged.refusals.filter((r) => !r.pending))
    teams.set(r.team, { blocking: r.blocking, count: (teams.get(r.team)?.count ?? 0) + 1 });
  for (const [team, { blocking, count }] of teams) {
    if (blocking) ok = false;
    reasons.push(
      `${blocking ? "team" : "warning: team"} ${team}: ${count} recorded exchange(s) refused by the candidate${blocking ? " (blocks)" : " (warns only)"}`,
    );
  }
  const pendingRefusals = judged.refusals.filter((r) => r.pending).length;
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
    refusals: judged.refusals,
    replayed: judged.replayed,
    base: summary,
    waiverProblems: problems,
    reasons,
    missingBumps,
  };
}
