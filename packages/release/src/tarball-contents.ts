import type { PublishedPackageName } from "./packages.js";

/** Files that are a package's own unit tests, benches or their helpers: a consumer never runs them. */
const NOT_FOR_CONSUMERS = [
  /\.(test|spec|bench)\.[cm]?[jt]sx?$/,
  /(^|\/)(test-support|bench|benches|__tests__|__mocks__)\//,
];

/** The contract suite is what @cloud-contract/contract-tests runs for its users: its test files are the product. */
const SHIPPED_SUITE: Partial<Record<PublishedPackageName, RegExp>> = {
  "@cloud-contract/contract-tests": /^src\/.+\.contract\.test\.ts$/,
};

/** The paths of a tarball (as `tarballFiles` lists them) that a consumer of `name` would never run. */
export function filesNotForConsumers(name: PublishedPackageName, files: string[]): string[] {
  const suite = SHIPPED_SUITE[name];
  return files.filter((file) => !suite?.test(file) && NOT_FOR_CONSUMERS.some((rule) => rule.test(file)));
}
