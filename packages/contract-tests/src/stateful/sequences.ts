// Runs stateful sequences with fast-check's model-based testing: `sequences` random sequences of at most
// `maxSteps` steps (seeded: the same seed sends the same sequences to the same target), the first
// failing one shrunk by fast-check to the shortest sequence that still fails, then replayed once more to
// name the steps it ran. A sequence is plain data (Step[]), so it can be saved and replayed.
import fc from "fast-check";
import { messageOf } from "../error-message.js";
import { BEHAVIOURS } from "./behaviours.js";
import type { CheckName } from "./checks.js";
import { CheckFailure } from "./checks.js";
import { commandOf, type SequenceModel, type Step, type StepCommand } from "./commands.js";
import type { SequenceOptions } from "./sequence-options.js";
import { type LastExchange, type SequenceEnv, World } from "./world.js";

export interface SequenceFailure {
  check: CheckName | "error";
  operationId: string | undefined;
  message: string;
  /** The steps that ran, the last one failing. */
  steps: Step[];
  described: string[];
  /** The last request sent and its answer. */
  last?: LastExchange;
}

export interface SequencesResult {
  seed: number;
  /** Sequences run (shrinking included) and requests sent. */
  sequences: number;
  requests: number;
  /** Coverage keys of the links followed. */
  followed: Set<string>;
  /** Every coverage item exercised: operations, documented statuses and links followed. */
  hits: Set<string>;
  failure?: SequenceFailure;
}

/** The highest link index a follow step draws: sequences hand out a handful of links. */
const MAX_LINK_INDEX = 7;

/** The list operations: GETs paged by `limit` and `offset`. */
const listsOf = (env: SequenceEnv) =>
  env.judge.model.operations
    .filter(
      (op) =>
        op.method === "GET" && ["limit", "offset"].every((n) => op.parameters.some((p) => p.name === n)),
    )
    .map((op) => op.operationId);

const breakSteps = (env: SequenceEnv) =>
  [...env.breakLabels].flatMap(([operationId, labels]) =>
    labels.map((label): Step => ({ kind: "break", operationId, label })),
  );

/** One step per behavioural statement of the spec (behaviours.ts): its probe. */
export const behaviourSteps = (): Step[] => BEHAVIOURS.map((b): Step => ({ kind: "behaviour", id: b.id }));

/**
 * The one-step sequences every run starts with, so that no operation is left to chance: each operation
 * with a missing and a wrong key, each single-constraint break, the pages of each list; then each
 * behavioural statement's probe.
 */
export function sweepSteps(env: SequenceEnv): Step[] {
  const auth = [...env.models.keys()].flatMap((operationId) =>
    (["missing", "wrong"] as const).map((credentials): Step => ({ kind: "auth", operationId, credentials })),
  );
  const pages = listsOf(env).map((operationId): Step => ({ kind: "pages", operationId }));
  return [...auth, ...breakSteps(env), ...pages, ...behaviourSteps()];
}

/** Every step a sequence may take on this target, weighted towards creating and following. */
export function stepArbitrary(env: SequenceEnv): fc.Arbitrary<StepCommand> {
  const operations = [...env.models.keys()];
  const lists = listsOf(env);
  const breaks = breakSteps(env);
  const steps: Array<fc.WeightedArbitrary<Step>> = [
    {
      weight: 3,
      arbitrary: fc.constantFrom(...operations).map((operationId): Step => ({ kind: "call", operationId })),
    },
    { weight: 4, arbitrary: fc.nat({ max: MAX_LINK_INDEX }).map((link): Step => ({ kind: "follow", link })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...operations), fc.constantFrom("missing" as const, "wrong" as const))
        .map(([operationId, credentials]): Step => ({ kind: "auth", operationId, credentials })),
    },
  ];
  if (breaks.length > 0) steps.push({ weight: 1, arbitrary: fc.constantFrom(...breaks) });
  steps.push({ weight: 1, arbitrary: fc.constantFrom(...behaviourSteps()) });
  if (lists.length > 0) {
    steps.push({
      weight: 1,
      arbitrary: fc.constantFrom(...lists).map((operationId): Step => ({ kind: "pages", operationId })),
    });
  }
  return fc.oneof(...steps).map((step) => commandOf(env, step));
}

function failureOf(error: unknown, world: World, steps: Step[]): SequenceFailure {
  const base = { steps, described: [...world.steps], ...(world.last ? { last: world.last } : {}) };
  if (error instanceof CheckFailure) {
    return { ...base, check: error.check, operationId: error.operationId, message: error.message };
  }
  return {
    ...base,
    check: "error",
    operationId: undefined,
    message: messageOf(error),
  };
}

/**
 * Runs steps in order on a fresh world (a step that cannot run yet is skipped, as fast-check does); on the
 * run's own key when `shared` (the sweep: its steps change nothing, so they need no tenant).
 */
export async function replaySteps(
  env: SequenceEnv,
  steps: readonly Step[],
  shared = false,
): Promise<{ world: World; ran: Step[]; failure?: SequenceFailure }> {
  const world = shared ? new World(env) : await World.open(env);
  const model: SequenceModel = { links: 0 };
  const ran: Step[] = [];
  for (const step of steps) {
    const command = commandOf(env, step);
    if (!command.check(model)) continue;
    ran.push(step);
    try {
      await command.run(model, world);
    } catch (error) {
      return { world, ran, failure: failureOf(error, world, ran) };
    }
  }
  return { world, ran };
}

export async function runSequences(env: SequenceEnv, options: SequenceOptions): Promise<SequencesResult> {
  const result: SequencesResult = {
    seed: options.seed,
    sequences: 0,
    requests: 0,
    followed: new Set(),
    hits: new Set(),
  };
  const gather = (world: World) => {
    result.requests += world.sent;
    for (const key of world.followed) result.followed.add(key);
    for (const key of [...world.hits, ...world.followed]) result.hits.add(key);
  };
  for (const step of sweepSteps(env)) {
    if (!commandOf(env, step).check({ links: 0 })) continue;
    // A behaviour's probe changes the state it reads: on a tenant of its own where there are tenants.
    const sweep = await replaySteps(env, [step], step.kind !== "behaviour");
    result.sequences++;
    gather(sweep.world);
    if (sweep.failure) return { ...result, failure: sweep.failure };
  }
  let world: World | undefined;
  const collect = () => {
    if (world) gather(world);
  };
  const setup = async () => {
    collect();
    world = await World.open(env);
    result.sequences++;
    return { model: { links: 0 } as SequenceModel, real: world };
  };
  const details = await fc.check(
    fc.asyncProperty(fc.commands([stepArbitrary(env)], { maxCommands: options.maxSteps }), (commands) =>
      fc.asyncModelRun(setup, commands),
    ),
    { seed: options.seed, numRuns: options.sequences },
  );
  collect();
  if (details.failed && details.counterexample) {
    const steps = [...details.counterexample[0]].map(
      // fast-check hands back its wrappers of the commands.
      (command) => ((command as { cmd?: StepCommand }).cmd ?? (command as StepCommand)).step,
    );
    const replay = await replaySteps(env, steps);
    gather(replay.world);
    result.failure = replay.failure ?? {
      check: "error",
      operationId: undefined,
      message: `failed during the run, passed when replayed: ${String(details.errorInstance)}`,
      steps: replay.ran,
      described: replay.world.steps,
    };
  }
  return result;
}
