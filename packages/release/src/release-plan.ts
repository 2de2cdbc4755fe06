import getReleasePlanModule from "@changesets/get-release-plan";

export type BumpType = "major" | "minor" | "patch" | "none";

// The package is CommonJS; under NodeNext its default import may arrive wrapped once more.
const getReleasePlan = ((getReleasePlanModule as unknown as { default?: typeof getReleasePlanModule })
  .default ?? getReleasePlanModule) as typeof getReleasePlanModule;

/**
 * Reads the pending changesets of the workspace at `root` and returns the bump each package will get
 * once they are applied — after changesets' own rules (linked packages, dependents), not just what the
 * markdown files say.
 */
export async function pendingBumps(root: string): Promise<Map<string, BumpType>> {
  const plan = await getReleasePlan(root);
  return new Map(plan.releases.map((r) => [r.name, r.type as BumpType]));
}
