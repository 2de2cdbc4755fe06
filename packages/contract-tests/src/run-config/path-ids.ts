// The one table of the ids the suite puts in request paths: per sandbox fixture a path parameter of the spec
// names (its `x-sandbox-fixture`; SANDBOX_FIXTURES of @cloud-contract/mock), the CONTRACT_* variable that
// names it on another target, and how that variable is read. ContractIds, the variables and the sandbox's
// values derive from it; the spec model puts them in paths (`sampleRequest`). A new fixture is one row.
// (`finishedTaskId` is no row: the suite sends the task a run knows, else an unknown one.)
import type { SANDBOX_FIXTURES } from "@cloud-contract/mock";

export interface PathId {
  /** The name of the sandbox's fixture, which is also the key of ContractIds. */
  fixture: keyof typeof SANDBOX_FIXTURES & string;
  /** The variable that names the id on a real or url target. */
  variable: `CONTRACT_${string}`;
  kind: "integer" | "string";
}

export const PATH_IDS = [
  { fixture: "projectId", variable: "CONTRACT_PROJECT_ID", kind: "integer" },
  { fixture: "regionId", variable: "CONTRACT_REGION_ID", kind: "integer" },
  { fixture: "resellerId", variable: "CONTRACT_RESELLER_ID", kind: "integer" },
  { fixture: "streamId", variable: "CONTRACT_STREAM_ID", kind: "integer" },
  { fixture: "cdnResourceId", variable: "CONTRACT_CDN_RESOURCE_ID", kind: "integer" },
  { fixture: "securityGroupId", variable: "CONTRACT_SECURITY_GROUP_ID", kind: "string" },
  { fixture: "portId", variable: "CONTRACT_PORT_ID", kind: "string" },
] as const satisfies readonly PathId[];

type Row = (typeof PATH_IDS)[number];

/** The ids of existing resources the tests address, one per row, named by its fixture. */
export type ContractIds = { [R in Row as R["fixture"]]: R["kind"] extends "integer" ? number : string };

/** An id's value read from its variable, or the problem with it. */
export function readId(row: PathId, raw: string): { value: number | string } | { problem: string } {
  if (row.kind === "string") return { value: raw };
  if (!/^-?\d+$/.test(raw))
    return { problem: `${row.variable} must be an integer, got ${JSON.stringify(raw)}` };
  return { value: Number(raw) };
}

/** Each row's value in `fixtures` (the sandbox's, by default), by fixture name. */
export function fixtureIds(
  rows: readonly PathId[],
  fixtures: Readonly<Record<string, unknown>>,
): Record<string, number | string> {
  return Object.fromEntries(
    rows.map(({ fixture }) => {
      const value = fixtures[fixture];
      if (typeof value !== "number" && typeof value !== "string")
        throw new Error(`the sandbox has no id fixture ${fixture}`);
      return [fixture, value];
    }),
  );
}
