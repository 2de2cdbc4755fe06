// What the global setup hands to every test file (through vitest's provide/inject).
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { fixtureIds, PATH_IDS } from "./run-config/path-ids.js";
import {
  type ContractIds,
  OPTIONAL_VARIABLES,
  type OptionalResource,
  type ReadyTarget,
  type TargetName,
} from "./run-config/target.js";

/** Resources some tests need beyond the ids; known for the sandbox, named by variables elsewhere. */
export interface TargetFixtures extends Record<OptionalResource, string> {
  /** Key of a read-only tag on the security group. */
  readOnlyTagKey: string;
  /** A flavor with which a bare metal creation ends in ERROR. */
  failingFlavor: string;
  /** A stream whose token reset cannot close the ingest (answers 202). */
  backupLiveStreamId: number;
  /** A task that has finished. */
  finishedTaskId: string;
}

export interface ContractContext {
  target: TargetName;
  /** Base URL of the API under test, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  ids: ContractIds;
  fixtures: Partial<TargetFixtures>;
  /** Behaviour tests run (the target keeps state between requests). */
  stateful: boolean;
  /** Tests that change data run. */
  allowMutations: boolean;
  /** Who serves the API: a server the suite started, or someone else's. */
  server: "prism" | "sandbox" | "external";
  /** The target is a sandbox (started here, or behind `url` answering its control API). */
  sandbox: boolean;
}

/** The sandbox's seeded fixtures: the table `@cloud-contract/mock` exports, the same in every tenant. */
export type SandboxFixtures = typeof SANDBOX_FIXTURES;

/** The ids the suite needs (the keys of {@link ContractIds}), read from the sandbox's fixtures. */
export function idsOf(fixtures: SandboxFixtures): ContractIds {
  // Each row's fixture is a key of SANDBOX_FIXTURES of its row's kind (PATH_IDS is checked against it).
  return fixtureIds(PATH_IDS, fixtures) as ContractIds;
}

/** The resources the suite names for a target, read from the sandbox's fixtures (two under other names). */
export function fixturesOf(fixtures: SandboxFixtures): TargetFixtures {
  const { readOnlyTagKey, bareMetalFlavor, imageId, appTemplateId, networkId, subnetId } = fixtures;
  return {
    readOnlyTagKey,
    instanceFlavor: fixtures.vmFlavor,
    bareMetalFlavor,
    imageId,
    appTemplateId,
    networkId,
    subnetId,
    failingFlavor: fixtures.unknownFlavor,
    backupLiveStreamId: fixtures.backupLiveStreamId,
    finishedTaskId: fixtures.finishedTaskId,
  };
}

/**
 * The `CONTRACT_*` variables that name the sandbox's fixtures (ids and optional resources), as a run against
 * a sandbox tenant by URL needs them: every tenant is seeded with the same fixtures.
 */
export function sandboxVariables(fixtures: SandboxFixtures = SANDBOX_FIXTURES): Record<string, string> {
  const ids = idsOf(fixtures);
  const resources = fixturesOf(fixtures);
  return Object.fromEntries([
    ...PATH_IDS.map(({ variable, fixture }) => [variable, String(ids[fixture])]),
    ...Object.entries(OPTIONAL_VARIABLES).map(([variable, resource]) => [variable, resources[resource]]),
  ]);
}

/**
 * Merges a ready target, the url of the server the suite started (if any) and the sandbox's fixtures.
 * The real target uses only what its environment names; the others fall back to the fixtures.
 */
export function buildContext(plan: ReadyTarget, serverUrl?: string): ContractContext {
  const baseUrl = serverUrl ?? plan.baseUrl;
  if (!baseUrl) throw new Error(`target ${plan.target} has no base URL`);
  const real = plan.target === "real";
  return {
    target: plan.target,
    baseUrl,
    apiKey: plan.apiKey ?? SANDBOX_FIXTURES.apiKey,
    ids: { ...idsOf(SANDBOX_FIXTURES), ...plan.ids },
    fixtures: real ? { ...plan.resources } : { ...fixturesOf(SANDBOX_FIXTURES), ...plan.resources },
    stateful: plan.stateful,
    allowMutations: plan.allowMutations,
    server: plan.server ?? "external",
    sandbox: plan.server === "sandbox",
  };
}
