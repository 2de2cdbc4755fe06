import { describe, expect, it } from "vitest";
import { loadRunConfig, resolveRun, specHash } from "./run-config.js";

describe("resolveRun", () => {
  it("turns the flags of a run into one configuration; flags win over the environment", () => {
    const resolved = resolveRun(
      {
        target: "url",
        baseUrl: "http://127.0.0.1:4010",
        stateful: true,
        readOnly: true,
        generated: 5,
        seed: 9,
        shard: { index: 2, count: 3 },
        minCoverage: { operations: 100, enums: 80 },
        reporters: ["github"],
        runId: "r1",
      },
      { CONTRACT_TARGET: "prism", CONTRACT_API_KEY: "from-env" },
      "/work",
    );
    expect(resolved).toMatchObject({
      kind: "ready",
      config: {
        runName: "contract",
        runId: "r1",
        target: {
          target: "url",
          baseUrl: "http://127.0.0.1:4010",
          apiKey: "from-env",
          stateful: true,
          allowMutations: false,
        },
        apiKeyVariable: "CONTRACT_API_KEY",
        reportsDir: "/work/reports",
        files: { summary: "/work/reports/contract-url.shard-2-of-3.json" },
        shard: { index: 2, count: 3 },
        generate: { cases: 5, seed: 9, operations: [] },
        gates: { operations: 100, enums: 80 },
        reporters: ["github"],
        specHash: specHash(),
        cwd: "/work",
      },
    });
  });

  it("names no key variable when the key came from a flag", () => {
    const resolved = resolveRun({ target: "url", baseUrl: "http://x", apiKey: "k" }, {}, "/w");
    expect(resolved.kind === "ready" ? resolved.config.apiKeyVariable : "not ready").toBeUndefined();
  });

  it("takes the run id of the CI when none is given, so the shards of one pipeline share it", () => {
    const github = resolveRun({}, { GITHUB_RUN_ID: "77", GITHUB_RUN_ATTEMPT: "2" }, "/w");
    expect(github.kind === "ready" && github.config.runId).toBe("github-77-2");
    const gitlab = resolveRun({}, { CI_PIPELINE_ID: "5" }, "/w");
    expect(gitlab.kind === "ready" && gitlab.config.runId).toBe("gitlab-5");
  });

  it("resolves the reports directory against the caller's directory, or CONTRACT_REPORTS_DIR", () => {
    expect(resolveRun({ reportsDir: "out" }, {}, "/ci")).toMatchObject({ config: { reportsDir: "/ci/out" } });
    expect(resolveRun({}, { CONTRACT_REPORTS_DIR: "/abs" }, "/ci")).toMatchObject({
      config: { reportsDir: "/abs" },
    });
  });

  it("says what is missing for a real target without its variables", () => {
    expect(resolveRun({ target: "real" }, { CONTRACT_API_KEY: "k" }, "/w", "generated")).toMatchObject({
      kind: "unconfigured",
      target: "real",
      runName: "generated",
      missing: expect.arrayContaining(["CONTRACT_BASE_URL", "CONTRACT_PORT_ID"]),
    });
  });

  it("refuses bad values", () => {
    expect(resolveRun({ target: "url" }, {}, "/w")).toMatchObject({ kind: "invalid" });
    expect(resolveRun({}, { CONTRACT_GENERATED: "many" }, "/w")).toMatchObject({ kind: "invalid" });
    expect(resolveRun({}, { CONTRACT_SEED: "1.5" }, "/w")).toMatchObject({ kind: "invalid" });
  });

  it("takes each value from its flag, else its variable; a flag's value is not checked again", () => {
    const env = {
      CONTRACT_TARGET: "url",
      CONTRACT_BASE_URL: "not a url",
      CONTRACT_GENERATED: "3",
      CONTRACT_SEED: "4",
    };
    expect(resolveRun({ baseUrl: "http://flag", seed: 7 }, env, "/w")).toMatchObject({
      config: { target: { target: "url", baseUrl: "http://flag" }, generate: { cases: 3, seed: 7 } },
    });
    expect(resolveRun({}, env, "/w")).toMatchObject({
      kind: "invalid",
      message: /CONTRACT_BASE_URL must be an http/,
    });
  });

  it.each([
    [{ target: "sandbox", baseUrl: "http://x" }, /--base-url does not apply to --target sandbox/],
    [
      { target: "prism", apiKey: "k", readOnly: true },
      /--api-key, --read-only does not apply to --target prism/,
    ],
    [{ target: "real", stateful: true }, /--stateful does not apply to --target real/],
    [{ target: "sandbox", seed: 3 }, /--seed applies to generated cases: add --generated N/],
  ] as const)("refuses a flag that would change nothing: %j", (flags, message) => {
    expect(resolveRun(flags, {}, "/w")).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(message),
    });
  });
});

describe("loadRunConfig", () => {
  it("resolve from the environment when vitest was started by hand", () => {
    expect(loadRunConfig({ CONTRACT_TARGET: "sandbox", CONTRACT_SHARD: "1/2" }, "/w")).toMatchObject({
      target: { target: "sandbox" },
      shard: { index: 1, count: 2 },
    });
    expect(() => loadRunConfig({ CONTRACT_TARGET: "real" }, "/w")).toThrow(/missing CONTRACT_BASE_URL/);
  });
});
