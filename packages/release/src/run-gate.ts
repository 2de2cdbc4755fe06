// One run of the gate, named by the bytes of everything it reads: a run on inputs judged before loads the
// report an earlier run kept, before any spec is read (judged-report.ts computes it otherwise).
import { join } from "node:path";
import { baseCommit } from "./branch-base.js";
import type { GateReport } from "./gate-report.js";
import { fileHash, folderHash, keptResultsIn, specSourceHash } from "./kept-results.js";
import { PUBLISHED_PACKAGES } from "./packages.js";
import { releasePlanHash } from "./release-plan.js";

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
  /** The spec's sources' hash (specSourceHash), when the caller has just computed it. */
  specHash?: string;
}

export const POLICY_FILE = "release-gate.yaml";
export const WAIVERS_FILE = "release-gate-waivers.yaml";
export const CONSUMERS_DIR = "consumers";

/**
 * One run of the gate: check the documents, compare the candidate with the released spec and with the spec
 * at the branch's base, locate, waive, replay the consumers' recordings, decide. A change this branch makes
 * needs a changeset of this branch; one the base already had is excused by any pending changeset.
 */
export async function runGate(options: GateOptions): Promise<GateReport> {
  const { root, today } = options;
  const files = {
    policy: options.policyFile ?? join(root, POLICY_FILE),
    waivers: options.waiversFile ?? join(root, WAIVERS_FILE),
    candidate: options.current ?? join(root, "spec", "dist", "openapi.json"),
    consumers: options.consumersDir ?? join(root, CONSUMERS_DIR),
  };
  const at = baseCommit(root, options.base);
  const hashes = {
    spec: options.specHash ?? specSourceHash(root),
    consumers: folderHash(files.consumers),
    policy: fileHash(files.policy),
    waivers: fileHash(files.waivers),
    candidate: fileHash(files.candidate),
  };
  const kept = keptResultsIn(join(root, "node_modules", ".cache", "release-gate", "results"));
  // The whole report by the bytes of everything it reads (the base by its commit, whose objects never change):
  // a run on inputs an earlier run judged reads, parses and checks no spec.
  return kept.get(
    "report",
    [
      files,
      today,
      at,
      hashes,
      await releasePlanHash(root),
      PUBLISHED_PACKAGES.map((pkg) => fileHash(join(root, pkg.dir, "package.json"))),
    ],
    async () => (await import("./judged-report.js")).judgedReport({ root, today, files, at, hashes, kept }),
  );
}
