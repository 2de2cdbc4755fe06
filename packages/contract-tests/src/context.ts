// What the global setup hands to every test file (through vitest's provide/inject).
import type { ContractIds, OptionalResource, ReadyTarget, TargetName } from "./run-config/target.js";

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
}

/** The sandbox's seeded data, as `@cloud-contract/mock` exports it (only what the suite reads). */
export interface SandboxFixtures extends ContractIds {
  readOnlyTagKey: string;
  vmFlavor: string;
  bareMetalFlavor: string;
  imageId: string;
  appTemplateId: string;
  networkId: string;
  subnetId: string;
  unknownFlavor: string;
  backupLiveStreamId: number;
  finishedTaskId: string;
}

export function idsOf(fixtures: SandboxFixtures): ContractIds {
  const { projectId, regionId, resellerId, streamId, cdnResourceId, securityGroupId, portId } = fixtures;
  return { projectId, regionId, resellerId, streamId, cdnResourceId, securityGroupId, portId };
}

export function fixturesOf(fixtures: SandboxFixtures): TargetFixtures {
  return {
    readOnlyTagKey: fixtures.readOnlyTagKey,
    instanceFlavor: fixtures.vmFlavor,
    bareMetalFlavor: fixtures.bareMetalFlavor,
    imageId: fixtures.imageId,
    appTemplateId: fixtures.appTemplateId,
    networkId: fixtures.networkId,
    subnetId: fixtures.subnetId,
    failingFlavor: fixtures.unknownFlavor,
    backupLiveStreamId: fixtures.backupLiveStreamId,
    finishedTaskId: fixtures.finishedTaskId,
  };
}

/**
 * Merges a ready target, the url of the server the suite started (if any) and the sandbox fixtures.
 * The real target uses only what its environment names; the others fall back to the fixtures.
 */
export function buildContext(
  plan: ReadyTarget,
  defaults: { apiKey: string; fixtures: SandboxFixtures },
  serverUrl?: string,
): ContractContext {
  const baseUrl = serverUrl ?? plan.baseUrl;
  if (!baseUrl) throw new Error(`target ${plan.target} has no base URL`);
  const real = plan.target === "real";
  return {
    target: plan.target,
    baseUrl,
    apiKey: plan.apiKey ?? defaults.apiKey,
    ids: { ...idsOf(defaults.fixtures), ...plan.ids },
    fixtures: real ? { ...plan.resources } : { ...fixturesOf(defaults.fixtures), ...plan.resources },
    stateful: plan.stateful,
    allowMutations: plan.allowMutations,
    server: plan.server ?? "external",
  };
}
