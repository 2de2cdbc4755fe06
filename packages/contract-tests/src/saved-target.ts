// The target a saved case or kept failure was found on: its kind and base URL (never the key). Replaying it
// with no target flags runs against that target again — a fresh local server of the same kind, or the same
// base URL — and when that URL does not answer, the replay cannot run (exit 2) rather than pass elsewhere.
import type { ContractContext } from "./context.js";
import { codeOf, messageOf } from "./error-message.js";
import {
  type Env,
  resolveTarget,
  TARGET_NAMES,
  type TargetFlags,
  type TargetName,
  type TargetPlan,
} from "./run-config/target.js";

export interface SavedTarget {
  kind: TargetName;
  baseUrl: string;
}

export function savedTargetOf(ctx: Pick<ContractContext, "target" | "baseUrl">): SavedTarget {
  return { kind: ctx.target, baseUrl: ctx.baseUrl };
}

/** The saved target of a parsed file, or undefined when it records none (or not as one). */
export function readSavedTarget(value: unknown): SavedTarget | undefined {
  if (typeof value !== "object" || value === null || !("kind" in value) || !("baseUrl" in value))
    return undefined;
  const kind = TARGET_NAMES.find((name) => name === value.kind);
  const { baseUrl } = value;
  return kind === undefined || typeof baseUrl !== "string" ? undefined : { kind, baseUrl };
}

/** The flags that would send a replay to `saved`, as a person types them. */
export function targetFlagsOf(saved: SavedTarget): string {
  return saved.kind === "url" || saved.kind === "real"
    ? `--target ${saved.kind} --base-url ${saved.baseUrl}`
    : `--target ${saved.kind}`;
}

const chose = (flags: TargetFlags) => flags.target !== undefined || flags.baseUrl !== undefined;

/**
 * Where a saved case replays: the target flags when given; else the target it was saved against (its
 * base URL wins over CONTRACT_BASE_URL, the key still comes from --api-key or CONTRACT_API_KEY); a file
 * that records no target needs the flags.
 */
export function replayTarget(
  file: string,
  saved: SavedTarget | undefined,
  flags: TargetFlags,
  env: Env,
  fallback: TargetName = "prism",
): TargetPlan {
  if (chose(flags)) return resolveTarget(env, flags, fallback);
  if (saved === undefined) {
    return {
      kind: "invalid",
      message: `${file} does not say which target it was saved against: pass --target (and --base-url)`,
    };
  }
  const local = saved.kind === "prism" || saved.kind === "sandbox";
  return resolveTarget(env, { ...flags, target: saved.kind, ...(local ? {} : { baseUrl: saved.baseUrl }) });
}

const REACH_TIMEOUT_MS = 10_000;

/**
 * Why the saved target cannot be replayed against (its base URL does not answer at all), as the one line to
 * print; undefined when it answers (any status) or is a local server started for the replay.
 */
export async function unreachableSaved(
  file: string,
  saved: SavedTarget | undefined,
  flags: TargetFlags,
): Promise<string | undefined> {
  if (saved === undefined || chose(flags) || saved.kind === "prism" || saved.kind === "sandbox")
    return undefined;
  try {
    const response = await fetch(saved.baseUrl, { signal: AbortSignal.timeout(REACH_TIMEOUT_MS) });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    const cause =
      error instanceof Error && error.cause !== undefined ? codeOf(error.cause) : messageOf(error);
    return `${file} was saved against ${targetFlagsOf(saved)}, which does not answer (${cause}): start it, or pass --target and --base-url to replay it elsewhere`;
  }
}
