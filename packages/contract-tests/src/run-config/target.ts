// Chooses what the contract suite runs against, from environment variables only, so the same
// decision is made by the bin, the vitest config and the global setup.

export const TARGET_NAMES = ["prism", "sandbox", "real", "url"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

/** The ids of existing resources the tests address. */
export interface ContractIds {
  projectId: number;
  regionId: number;
  resellerId: number;
  streamId: number;
  cdnResourceId: number;
  securityGroupId: string;
  portId: string;
}

type IdKey = keyof ContractIds;

/** Environment variable → id, with how its value is read. */
export const ID_VARIABLES: ReadonlyArray<{ variable: string; key: IdKey; kind: "integer" | "string" }> = [
  { variable: "CONTRACT_PROJECT_ID", key: "projectId", kind: "integer" },
  { variable: "CONTRACT_REGION_ID", key: "regionId", kind: "integer" },
  { variable: "CONTRACT_RESELLER_ID", key: "resellerId", kind: "integer" },
  { variable: "CONTRACT_STREAM_ID", key: "streamId", kind: "integer" },
  { variable: "CONTRACT_CDN_RESOURCE_ID", key: "cdnResourceId", kind: "integer" },
  { variable: "CONTRACT_SECURITY_GROUP_ID", key: "securityGroupId", kind: "string" },
  { variable: "CONTRACT_PORT_ID", key: "portId", kind: "string" },
];

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

/** Every variable the real target needs. */
export const REAL_REQUIRED_VARIABLES: readonly string[] = [
  "CONTRACT_BASE_URL",
  "CONTRACT_API_KEY",
  ...ID_VARIABLES.map((v) => v.variable),
];

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
  return (TARGET_NAMES as readonly string[]).includes(value);
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

function readIds(env: Env): { ids: Partial<ContractIds>; problems: string[] } {
  const ids: Partial<Record<IdKey, number | string>> = {};
  const problems: string[] = [];
  for (const { variable, key, kind } of ID_VARIABLES) {
    const raw = present(env, variable);
    if (raw === undefined) continue;
    if (kind === "integer") {
      if (!/^-?\d+$/.test(raw)) {
        problems.push(`${variable} must be an integer, got ${JSON.stringify(raw)}`);
        continue;
      }
      ids[key] = Number(raw);
    } else {
      ids[key] = raw;
    }
  }
  return { ids: ids as Partial<ContractIds>, problems };
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

/**
 * Reads CONTRACT_TARGET (default prism) and the variables of that target.
 *
 * - prism / sandbox: a local server; ids come from the sandbox fixtures; everything may be changed.
 * - real: needs CONTRACT_BASE_URL, CONTRACT_API_KEY and every id variable, or the run is skipped;
 *   read-only unless CONTRACT_ALLOW_MUTATIONS=1 (behaviour tests that change data skip without it).
 * - url: CONTRACT_BASE_URL (+ optional CONTRACT_API_KEY and ids); shape and negative tests,
 *   behaviour tests only with CONTRACT_STATEFUL=1; mutations on unless CONTRACT_ALLOW_MUTATIONS=0.
 */
export function resolveTarget(env: Env): TargetPlan {
  const name = (present(env, "CONTRACT_TARGET") ?? "prism").toLowerCase();
  if (!isTargetName(name)) {
    return {
      kind: "invalid",
      message: `CONTRACT_TARGET must be one of ${TARGET_NAMES.join(", ")}, got "${name}"`,
    };
  }
  if (name === "prism" || name === "sandbox") {
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
  const { ids, problems } = readIds(env);
  if (name === "real") {
    const missing = REAL_REQUIRED_VARIABLES.filter((variable) => present(env, variable) === undefined);
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

  const rawUrl = present(env, "CONTRACT_BASE_URL");
  if (rawUrl === undefined) {
    return { kind: "invalid", message: `CONTRACT_TARGET=${name} needs CONTRACT_BASE_URL` };
  }
  const baseUrl = checkUrl(rawUrl);
  if (baseUrl === undefined) {
    return {
      kind: "invalid",
      message: `CONTRACT_BASE_URL must be an http(s) URL, got ${JSON.stringify(rawUrl)}`,
    };
  }
  const apiKey = present(env, "CONTRACT_API_KEY");
  const resources: Partial<Record<OptionalResource, string>> = {};
  for (const [variable, key] of Object.entries(OPTIONAL_VARIABLES)) {
    const value = present(env, variable);
    if (value !== undefined) resources[key] = value;
  }
  const base = { kind: "ready", target: name, baseUrl, ids, resources } as const;
  if (name === "real") {
    // Read-only by default; behaviour tests that change data check allowMutations themselves.
    return {
      ...base,
      apiKey,
      stateful: true,
      allowMutations: flag(env, "CONTRACT_ALLOW_MUTATIONS") === true,
    };
  }
  return {
    ...base,
    ...(apiKey === undefined ? {} : { apiKey }),
    stateful: flag(env, "CONTRACT_STATEFUL") === true,
    allowMutations: flag(env, "CONTRACT_ALLOW_MUTATIONS") !== false,
  };
}
