/** The workspace packages that are published, with their folders relative to the workspace root. */
export const PUBLISHED_PACKAGES = [
  { name: "@cloud-contract/spec", dir: "spec" },
  { name: "@cloud-contract/types", dir: "packages/types" },
  { name: "@cloud-contract/client", dir: "packages/client" },
  { name: "@cloud-contract/mock", dir: "packages/mock" },
  { name: "@cloud-contract/contract-tests", dir: "packages/contract-tests" },
] as const;

export type PublishedPackageName = (typeof PUBLISHED_PACKAGES)[number]["name"];

/** The packages whose major version must move when the API breaks (changesets links them). */
export const API_PACKAGES = ["@cloud-contract/types", "@cloud-contract/client"] as const;
