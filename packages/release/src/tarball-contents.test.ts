import { describe, expect, it } from "vitest";
import { filesNotForConsumers } from "./tarball-contents.js";

describe("filesNotForConsumers", () => {
  it.each([
    ["@cloud-contract/client", "src/retry.test.ts"],
    ["@cloud-contract/client", "dist/retry.test.js"],
    ["@cloud-contract/mock", "bench/bench.mjs"],
    ["@cloud-contract/mock", "dist/storage.bench.js"],
    ["@cloud-contract/mock", "dist/test-support/postgres.js"],
    ["@cloud-contract/contract-tests", "src/judge.test.ts"],
    ["@cloud-contract/contract-tests", "src/test-support/run-suite.ts"],
    ["@cloud-contract/spec", "src/__tests__/model.ts"],
  ] as const)("%s: %s is not for consumers", (name, file) => {
    expect(filesNotForConsumers(name, [file, "README.md"])).toEqual([file]);
  });

  it.each([
    ["@cloud-contract/contract-tests", "src/cloud/tasks.contract.test.ts"],
    ["@cloud-contract/contract-tests", "src/suite/harness.ts"],
    ["@cloud-contract/mock", "dist/sandbox/fixtures/cloud.js"],
    ["@cloud-contract/types", "src/index.ts"],
  ] as const)("%s: %s ships", (name, file) => {
    expect(filesNotForConsumers(name, [file])).toEqual([]);
  });

  it("keeps contract suite files only in the contract-tests package", () => {
    expect(filesNotForConsumers("@cloud-contract/mock", ["src/a.contract.test.ts"])).toEqual([
      "src/a.contract.test.ts",
    ]);
  });
});
