import { describe, expect, it } from "vitest";
import { REAL_REQUIRED_VARIABLES, resolveTarget } from "./target.js";

const realEnv = {
  CONTRACT_TARGET: "real",
  CONTRACT_BASE_URL: "https://api.example.test/",
  CONTRACT_API_KEY: "k",
  CONTRACT_PROJECT_ID: "1",
  CONTRACT_REGION_ID: "2",
  CONTRACT_RESELLER_ID: "3",
  CONTRACT_STREAM_ID: "4",
  CONTRACT_CDN_RESOURCE_ID: "5",
  CONTRACT_SECURITY_GROUP_ID: "sg",
  CONTRACT_PORT_ID: "port",
};

describe("resolveTarget", () => {
  it("defaults to prism, a local server on which everything may change", () => {
    expect(resolveTarget({})).toEqual({
      kind: "ready",
      target: "prism",
      ids: {},
      resources: {},
      stateful: false,
      allowMutations: true,
      server: "prism",
    });
  });

  it("runs behaviour tests on the sandbox", () => {
    expect(resolveTarget({ CONTRACT_TARGET: "Sandbox" })).toMatchObject({
      server: "sandbox",
      stateful: true,
    });
  });

  it("rejects an unknown target", () => {
    expect(resolveTarget({ CONTRACT_TARGET: "staging" })).toMatchObject({ kind: "invalid" });
  });

  it("skips real with one line naming every missing variable", () => {
    const plan = resolveTarget({ CONTRACT_TARGET: "real", CONTRACT_API_KEY: "k", CONTRACT_PORT_ID: " " });
    expect(plan.kind).toBe("skip");
    if (plan.kind !== "skip") return;
    expect(plan.missing).toEqual(REAL_REQUIRED_VARIABLES.filter((v) => v !== "CONTRACT_API_KEY"));
    expect(plan.message).not.toContain("\n");
    for (const variable of plan.missing) expect(plan.message).toContain(variable);
    expect(plan.message).toContain("CONTRACT_PORT_ID");
  });

  it("reads real's url, key and ids; read-only unless mutations are allowed", () => {
    expect(resolveTarget(realEnv)).toEqual({
      kind: "ready",
      target: "real",
      baseUrl: "https://api.example.test",
      apiKey: "k",
      ids: {
        projectId: 1,
        regionId: 2,
        resellerId: 3,
        streamId: 4,
        cdnResourceId: 5,
        securityGroupId: "sg",
        portId: "port",
      },
      resources: {},
      stateful: true,
      allowMutations: false,
    });
    expect(resolveTarget({ ...realEnv, CONTRACT_ALLOW_MUTATIONS: "1" })).toMatchObject({
      allowMutations: true,
    });
    expect(resolveTarget({ ...realEnv, CONTRACT_ALLOW_MUTATIONS: "maybe" })).toMatchObject({
      allowMutations: false,
    });
  });

  it("refuses ids that are not integers", () => {
    const plan = resolveTarget({ ...realEnv, CONTRACT_PROJECT_ID: "abc" });
    expect(plan).toMatchObject({ kind: "invalid" });
    expect(plan.kind === "invalid" && plan.message).toContain("CONTRACT_PROJECT_ID");
  });

  it("needs a base URL for url, and an http(s) one", () => {
    expect(resolveTarget({ CONTRACT_TARGET: "url" })).toMatchObject({ kind: "invalid" });
    expect(resolveTarget({ CONTRACT_TARGET: "url", CONTRACT_BASE_URL: "ftp://x" })).toMatchObject({
      kind: "invalid",
    });
  });

  it("runs url without state unless CONTRACT_STATEFUL=1; mutations follow the target unless said", () => {
    const base = { CONTRACT_TARGET: "url", CONTRACT_BASE_URL: "http://127.0.0.1:9/api" };
    expect(resolveTarget(base)).toEqual({
      kind: "ready",
      target: "url",
      baseUrl: "http://127.0.0.1:9/api",
      ids: {},
      resources: {},
      stateful: false,
      allowMutations: false,
      mutationsFollowTarget: true,
    });
    const readOnly = resolveTarget({ ...base, CONTRACT_STATEFUL: "1", CONTRACT_ALLOW_MUTATIONS: "0" });
    expect(readOnly).toMatchObject({ stateful: true, allowMutations: false });
    expect(readOnly).not.toHaveProperty("mutationsFollowTarget");
    expect(resolveTarget(base, { allowMutations: true })).toMatchObject({ allowMutations: true });
    expect(resolveTarget(base, { allowMutations: true })).not.toHaveProperty("mutationsFollowTarget");
    expect(
      resolveTarget({ ...base, CONTRACT_API_KEY: "key", CONTRACT_STREAM_ID: "7", CONTRACT_IMAGE_ID: "img" }),
    ).toMatchObject({ apiKey: "key", ids: { streamId: 7 }, resources: { imageId: "img" } });
  });
});

describe("local targets", () => {
  it("ignore id variables meant for another target", () => {
    expect(
      resolveTarget({
        CONTRACT_TARGET: "sandbox",
        CONTRACT_PROJECT_ID: "abc",
        CONTRACT_ALLOW_MUTATIONS: "0",
      }),
    ).toMatchObject({
      kind: "ready",
      ids: {},
      allowMutations: true,
    });
  });
});
