// What a stateful run may target, and how many random sequences it sends, from which seed, and how long each
// may grow: the defaults the command line shows and the engine uses.
import type { TargetName } from "../run-config/target.js";

/** Sequences need state: Prism answers from examples and keeps none. */
export const STATEFUL_TARGETS: readonly TargetName[] = ["sandbox", "url", "real"];

export interface SequenceOptions {
  sequences: number;
  seed: number;
  maxSteps: number;
}

export const DEFAULT_SEQUENCE_OPTIONS: SequenceOptions = { sequences: 50, seed: 1, maxSteps: 12 };
