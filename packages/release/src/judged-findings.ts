// The gate's costly, pure step: compare the candidate with the released spec and with the branch's base,
// replay the consumers' recordings, and place each finding in `spec/` and among the exchanges it touches.
// run-gate.ts loads this module (and the comparer, the validators and the spec model behind it) only when no
// earlier run kept the result for the same inputs (kept-results.ts).
import { join } from "node:path";
import { compareSpecs, operationIdentity } from "./diff/compare.js";
import { keepStringsMatching } from "./diff/construct.js";
import type { Finding } from "./diff/finding.js";
import { fingerprintOf } from "./diff/fingerprint.js";
import { isPolicyRule, RULE_IDS } from "./diff/rules.js";
import { SchemaCompileError } from "./diff/validators.js";
import { placeOf } from "./finding-place.js";
import { GateInputError } from "./gate-input-error.js";
import type { GateFinding, GateReport } from "./gate-report.js";
import { keptPartsIn } from "./kept-results.js";
import type { GatePolicy } from "./policy.js";
import { type ExchangeOutcome, replayTeams } from "./recorded-teams.js";
import { type KeptLocation, sourceLocator } from "./source-map.js";

export interface JudgeInput {
  root: string;
  candidate: unknown;
  candidateFile: string;
  released: unknown;
  releasedFile: string;
  /** The spec at the branch's base and what to call it, when there is a base. */
  base?: { spec: unknown; label: string };
  policy: GatePolicy;
  today: string;
  consumersDir: string;
  /** Where the parts of this step (operations compared, exchanges replayed) are kept between runs. */
  keptIn?: string;
}

export interface Judged {
  /** This branch's findings first (origin `branch`), then those pending before it; without a base, all. */
  findings: GateFinding[];
  refusals: GateReport["refusals"];
  replayed: GateReport["replayed"];
  /** The ids of the deprecation policy's rules: a run that loads a kept result needs no rule table. */
  policyRules: string[];
}

export function judgeFindings(input: JudgeInput): Judged {
  // The strings drawn for the witnesses' patterns, kept too: fast-check's draw is a large part of a run after
  // an edit.
  const strings =
    input.keptIn === undefined ? undefined : keptPartsIn<string[]>(input.keptIn, "strings-matching");
  keepStringsMatching(strings);
  try {
    const judged = judgeAll(input);
    strings?.save();
    return judged;
  } finally {
    keepStringsMatching(undefined);
  }
}

function judgeAll(input: JudgeInput): Judged {
  const { root, candidate, released, base, policy, today } = input;
  const operations =
    input.keptIn === undefined ? undefined : keptPartsIn<Finding[]>(input.keptIn, "operations");
  const lines =
    input.keptIn === undefined ? undefined : keptPartsIn<KeptLocation>(input.keptIn, "source-lines");
  const locate = sourceLocator(join(root, "spec"), undefined, lines);
  const exchanges =
    input.keptIn === undefined ? undefined : keptPartsIn<ExchangeOutcome>(input.keptIn, "exchanges");

  const replay = replayTeams(
    root,
    input.consumersDir,
    released as never,
    candidate as never,
    policy,
    base?.spec as never,
    exchanges,
  );
  exchanges?.save();
  const labels = new Map<unknown, string>([
    [candidate, input.candidateFile],
    [released, input.releasedFile],
  ]);
  if (base) labels.set(base.spec, base.label);
  const compare = (before: unknown) => {
    try {
      return compareSpecs(before, candidate, {
        policy: { ...policy.deprecation, today },
        ...(operations ? { kept: operations } : {}),
      });
    } catch (error) {
      if (!(error instanceof SchemaCompileError)) throw error;
      throw new GateInputError(`${labels.get(error.doc) ?? "a spec"}: ${error.message}`);
    }
  };
  const judge = (finding: Finding, origin?: GateFinding["origin"]): GateFinding => {
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
  const sinceRelease = compare(released);
  let findings: GateFinding[];
  if (base) {
    const branch = compare(base.spec).map((f) => judge(f, "branch"));
    const mine = new Set(branch.map((f) => f.fingerprint));
    const pending = sinceRelease.map((f) => judge(f, "pending")).filter((f) => !mine.has(f.fingerprint));
    findings = [...branch, ...pending];
  } else findings = sinceRelease.map((f) => judge(f));
  operations?.save();
  lines?.save();

  return {
    findings,
    refusals: replay.refusals,
    replayed: { teams: replay.teams, exchanges: replay.exchanges, skipped: replay.skipped },
    policyRules: RULE_IDS.filter(isPolicyRule),
  };
}
