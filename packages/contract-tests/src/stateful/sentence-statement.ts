// A row of the table of behavioural sentences (statements.ts and each operation's behaviours.ts): a sentence of
// the contract and what checks it, or why no request can.
import type { Sentence } from "./sentences.js";

/** Why no statement checks a sentence: what about it cannot be observed through the API's answers. */
export const UNCHECKED_BECAUSE = {
  advice: "advice to the caller on what to do, not something the API does",
  install: "how to install or start the tools, not a behaviour of the API",
  samples: "that the page's samples work on a fresh sandbox: packages/docs runs each of them against one",
  control:
    "the sandbox's control API (/__sandbox/), which has its own OpenAPI file and the mock package's control tests; not part of this contract",
  process:
    "how the sandbox process runs (flags, files, signals, storage, adapters): tested by the mock package, not visible in the API's answers",
  about: "says what a document or an interface covers, not what the API does",
  platform:
    "what the live video platform does with a stream (ingest, transcoding, players, sessions): no operation of this contract observes it",
  noNetworkRead:
    "how a server's network is wired: no operation of this contract reads a server's ports or reachability",
  noPortRead:
    "a port's pairs after the change: no operation of this contract reads a port's allowed address pairs",
  noStreamRead: "the stream read afterwards: no operation of this contract reads a stream",
  limit:
    "a configurable limit of the sandbox (10,000 objects, 1,000 tags a group): no answer tells the limit a sandbox was started with, and the objects' take thousands of calls to reach; the mock's own tests reach each with a lowered limit",
  noField:
    "a plan content does not carry what this filter matches (addendum, metric id, plan name, a region's internal name), so no answer shows whether it held",
  openMatch: "the spec leaves how the text is matched open, so no answer can break it",
  openValues: "the spec leaves the accepted values open, so no answer can break it",
  permissive: "permissive on purpose (any key may be absent, others may be added), so no answer breaks it",
  noClusters: "no operation of this contract creates GPU clusters",
  notRequired:
    "what the service returns in practice, which the sentence itself says the schema does not require",
  noLogin: "a user on the server: no operation of this contract logs into a server",
  flat: "no answer says which prices are flat, so none can contradict it",
  callerRule:
    "a rule for the caller: the spec does not say the service refuses a request that breaks it (the sandbox takes it), so no answer can break it",
  sandboxOnly:
    "what only the sandbox promises (deprecation headers, the rate it allows once its limits are on, the origins and hosts it answers): the public API documents none of it, so no statement may hold it of every target; src/deprecation.contract.test.ts, src/rate-limits and the mock's own tests check it on a sandbox",
  fixture:
    "a fixture of the sandbox's default world (ids the samples use): it describes the double, not the API",
  tool: "a command of the mock package, tested by the mock package: not a behaviour of the API",
} as const;

export type UncheckedBecause = keyof typeof UNCHECKED_BECAUSE;

/** What checks a sentence: the ids of statements (behaviours.ts) or checks (checks.ts), or why none can. */
export type Verdict = readonly string[] | UncheckedBecause;

export interface SentenceStatement extends Sentence {
  verdict: Verdict;
}

/** The rows of the sentences at one place of the contract. */
export const sentencesAt = (
  at: string,
  sentences: ReadonlyArray<readonly [string, Verdict]>,
): SentenceStatement[] => sentences.map(([text, verdict]) => ({ at, text, verdict }));
