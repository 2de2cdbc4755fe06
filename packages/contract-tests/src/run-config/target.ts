// Chooses what a command runs against: the target flags a command was given, with the CONTRACT_*
// environment variables as the fallback of each. Flag values come checked by their parsers; variables are
// checked here. A flag that cannot change anything for the chosen target is refused.

import { type ContractIds, PATH_IDS, type PathId, readId } from "./path-ids.js";

/** The variables that name a server and its key (also read by kept failures: src/kept/). */
export const BASE_URL_VARIABLE = "CONTRACT_BASE_URL";
export const API_KEY_VARIABLE = "CONTRACT_API_KEY";

export const TARGET_NAMES = ["prism", "sandbox", "real", "url"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export type { ContractIds } from "./path-ids.js";

/** Environment variable → id, with how its value is read (the rows of PATH_IDS). */
export const ID_VARIABLES: ReadonlyArray<{ variable: string; key: keyof ContractIds; kind: PathId["kind"] }> =
  PATH_IDS.map(({ variable, fixture, kind }) => ({ variable, key: fixture, kind }));

/** Optional variables naming resources some tests need (real and url); without them those tests skip. */
export const OPTIONAL_VARIABLES = {
  CONTRACT_INSTANCE_FLAVOR: "instanceFlavor",
  CONTRACT_BAREMETAL_FLAVOR: "bareMetalFlavor",
  CONTRACT_IMAGE_ID: "imageId",
  CONTRACT_APPTEMPLATE_ID: "appTemplateId",
  CONTRACT_NETWORK_ID: "networkId",
  CONTRACT_SUBNET_ID: "subnetId",
} as const;

export type OptionalResource = (typeof OPTIONAL_VARIABLES)[keyof typeof OPTIONAL_VARIABLES];

/** Every variable the real target needs, with the id variables of `rows`. */
export function realRequiredVariables(rows: readonly PathId[] = PATH_IDS): string[] {
  return ["CONTRACT_BASE_URL", "CONTRACT_API_KEY", ...rows.map((row) => row.variable)];
}

/** Every variable the real target needs. */
export const REAL_REQUIRED_VARIABLES: readonly string[] = realRequiredVariables();

/** A target that can run. Servers for prism/sandbox are started later, by the global setup. */
export interface ReadyTarget {
  kind: "ready";
  target: TargetName;
  /** Given for real and url; prism and sandbox learn theirs when the server starts. */
  baseUrl?: string;
  apiKey?: string;
  /** Ids taken from the environment; the rest default to the sandbox fixtures (not for real). */
  ids: Partial<ContractIds>;
  /** Optional resources named in the environment (see OPTIONAL_VARIABLES). */
  resources: Partial<Record<OptionalResource, string>>;
  /** Behaviour tests (state across requests) run. */
  stateful: boolean;
  /** Tests that change data on the target run. */
  allowMutations: boolean;
  /**
   * url without --allow-mutations, --read-only or CONTRACT_ALLOW_MUTATIONS: whether to change data follows what
   * the target is — a sandbox (it answers its control API) yes, in a tenant of its own; anything else no.
   */
  mutationsFollowTarget?: true;
  /** Which local server the global setup starts, if any. */
  server?: "prism" | "sandbox";
}

/** The real target without its credentials: skipped, not failed. */
export interface SkippedTarget {
  kind: "skip";
  target: TargetName;
  missing: string[];
  /** The one line to print. */
  message: string;
}

/** A configuration mistake (unknown target, bad URL, an id that is not a number). */
export interface InvalidTarget {
  kind: "invalid";
  message: string;
}

export type TargetPlan = ReadyTarget | SkippedTarget | InvalidTarget;

export type Env = Readonly<Record<string, string | undefined>>;

function present(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function isTargetName(value: string): value is TargetName {
  return TARGET_NAMES.some((name) => name === value);
}

function checkUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return value.replace(/\/+$/, "");
  } catch {
    return undefined;
  }
}

/** The ids the variables of `rows` name (by fixture name), and the problems of those that are not valid. */
export function readIds(
  env: Env,
  rows: readonly PathId[] = PATH_IDS,
): { ids: Partial<Record<string, number | string>>; problems: string[] } {
  const ids: Partial<Record<string, number | string>> = {};
  const problems: string[] = [];
  for (const row of rows) {
    const raw = present(env, row.variable);
    if (raw === undefined) continue;
    const read = readId(row, raw);
    if ("problem" in read) problems.push(read.problem);
    else ids[row.fixture] = read.value;
  }
  return { ids, problems };
}

const FLAG_ON = new Set(["1", "true", "yes"]);
const FLAG_OFF = new Set(["0", "false", "no"]);

function flag(env: Env, name: string): boolean | undefined {
  const value = present(env, name)?.toLowerCase();
  if (value === undefined) return undefined;
  if (FLAG_ON.has(value)) return true;
  if (FLAG_OFF.has(value)) return false;
  return undefined;
}

/** The target flags of a command (undefined: not given). */
export interface TargetFlags {
  target?: TargetName;
  baseUrl?: string;
  apiKey?: string;
  stateful?: boolean;
  allowMutations?: boolean;
  readOnly?: boolean;
}

/** The flags given that mean nothing for a local server (it has its own URL, key and data). */
function localServerRefusals(name: TargetName, flags: TargetFlags): string | undefined {
  const given = (
    [
      ["baseUrl", "--base-url"],
      ["apiKey", "--api-key"],
      ["stateful", "--stateful"],
      ["allowMutations", "--allow-mutations"],
      ["readOnly", "--read-only"],
    ] as const
  )
    .filter(([key]) => flags[key] !== undefined)
    .map(([, flag]) => flag);
  if (given.length === 0) return undefined;
  return `${given.join(", ")} does not apply to --target ${name}: it starts a server of its own, with its own key and data (use --target url for a server you run)`;
}

/**
 * The target of `flags.target`, else CONTRACT_TARGET, else `fallback` (prism: the suite's default); each
 * other value likewise from its flag, else its variable.
 *
 * - prism / sandbox: a local server; ids come from the sandbox fixtures; everything may be changed.
 * - real: needs a base URL, a key and every id variable, or the run is skipped; read-only unless
 *   mutations are allowed (behaviour tests that change data skip without it); always stateful.
 * - url: a base URL (+ optional key and ids); shape and negative tests, behaviour tests only when asked
 *   (--stateful, CONTRACT_STATEFUL=1); read-only unless mutations are allowed, or, when neither is said, the
 *   target turns out to be a sandbox (target-session.ts asks its control API).
 */
export function resolveTarget(env: Env, flags: TargetFlags = {}, fallback: TargetName = "prism"): TargetPlan {
  let name: TargetName;
  if (flags.target !== undefined) name = flags.target;
  else {
    const variable = (present(env, "CONTRACT_TARGET") ?? fallback).toLowerCase();
    if (!isTargetName(variable)) {
      return {
        kind: "invalid",
        message: `CONTRACT_TARGET must be one of ${TARGET_NAMES.join(", ")}, got "${variable}"`,
      };
    }
    name = variable;
  }
  if (name === "prism" || name === "sandbox") {
    const refused = localServerRefusals(name, flags);
    if (refused !== undefined) return { kind: "invalid", message: refused };
    // Local servers have their own fixtures: the id variables of another target do not apply.
    return {
      kind: "ready",
      target: name,
      ids: {},
      resources: {},
      stateful: name === "sandbox",
      allowMutations: true,
      server: name,
    };
  }
  if (name === "real" && flags.stateful !== undefined) {
    return {
      kind: "invalid",
      message: "--stateful does not apply to --target real: it always runs the behaviour tests",
    };
  }
  const read = readIds(env);
  const { problems } = read;
  const ids: Partial<ContractIds> = read.ids;
  const rawUrl = flags.baseUrl ?? present(env, "CONTRACT_BASE_URL");
  const apiKey = flags.apiKey ?? present(env, "CONTRACT_API_KEY");
  if (name === "real") {
    const given: Record<string, string | undefined> = { CONTRACT_BASE_URL: rawUrl, CONTRACT_API_KEY: apiKey };
    const missing = REAL_REQUIRED_VARIABLES.filter(
      (variable) => (variable in given ? given[variable] : present(env, variable)) === undefined,
    );
    if (missing.length > 0) {
      return {
        kind: "skip",
        target: name,
        missing,
        message: `contract:real skipped — missing ${missing.join(", ")}`,
      };
    }
  }
  if (problems.length > 0) return { kind: "invalid", message: problems.join("; ") };

  if (rawUrl === undefined) {
    return { kind: "invalid", message: `--target ${name} needs --base-url or CONTRACT_BASE_URL` };
  }
  const baseUrl = flags.baseUrl ?? checkUrl(rawUrl);
  if (baseUrl === undefined) {
    return {
      kind: "invalid",
      message: `CONTRACT_BASE_URL must be an http(s) URL, got ${JSON.stringify(rawUrl)}`,
    };
  }
  const resources: Partial<Record<OptionalResource, string>> = {};
  for (const [variable, key] of Object.entries(OPTIONAL_VARIABLES)) {
    const value = present(env, variable);
    if (value !== undefined) resources[key] = value;
  }
  const mutationFlag = flags.allowMutations ? true : flags.readOnly ? false : undefined;
  const mutations = mutationFlag ?? flag(env, "CONTRACT_ALLOW_MUTATIONS");
  const base = { kind: "ready", target: name, baseUrl, ids, resources } as const;
  if (name === "real") {
    // Read-only by default; behaviour tests that change data check allowMutations themselves.
    return { ...base, apiKey, stateful: true, allowMutations: mutations === true };
  }
  return {
    ...base,
    ...(apiKey === undefined ? {} : { apiKey }),
    stateful: flags.stateful ?? flag(env, "CONTRACT_STATEFUL") === true,
    allowMutations: mutations === true,
    ...(mutations === undefined ? { mutationsFollowTarget: true } : {}),
  };
}
