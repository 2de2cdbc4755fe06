import { SANDBOX_FIXTURES as F } from "@cloud-contract/mock";
import { describe, expect, it } from "vitest";
import { buildContext, fixturesOf, idsOf, sandboxVariables } from "./context.js";
import { type ReadyTarget, resolveTarget } from "./run-config/target.js";

const URL_TARGET = { CONTRACT_TARGET: "url", CONTRACT_BASE_URL: "http://127.0.0.1:9" };

describe("the sandbox's fixtures in the suite's terms", () => {
  it("reads the ids and resources from the mock's table", () => {
    expect(idsOf(F)).toEqual({
      projectId: F.projectId,
      regionId: F.regionId,
      resellerId: F.resellerId,
      streamId: F.streamId,
      cdnResourceId: F.cdnResourceId,
      securityGroupId: F.securityGroupId,
      portId: F.portId,
    });
    expect(fixturesOf(F)).toMatchObject({ instanceFlavor: F.vmFlavor, failingFlavor: F.unknownFlavor });
  });

  it("names them in CONTRACT_* variables that a url target reads back unchanged", () => {
    const plan = resolveTarget({ ...URL_TARGET, ...sandboxVariables() }) as ReadyTarget;
    expect(plan.kind).toBe("ready");
    expect(plan.ids).toEqual(idsOf(F));
    const { instanceFlavor, bareMetalFlavor, imageId, appTemplateId, networkId, subnetId } = fixturesOf(F);
    expect(plan.resources).toEqual({
      instanceFlavor,
      bareMetalFlavor,
      imageId,
      appTemplateId,
      networkId,
      subnetId,
    });
  });

  it("falls back to the fixtures where the environment names nothing, and to the given id where it does", () => {
    const plan = resolveTarget({ ...URL_TARGET, CONTRACT_PROJECT_ID: "77" }) as ReadyTarget;
    const ctx = buildContext(plan);
    expect(ctx.apiKey).toBe(F.apiKey);
    expect(ctx.ids).toEqual({ ...idsOf(F), projectId: 77 });
    expect(ctx.fixtures.finishedTaskId).toBe(F.finishedTaskId);
  });
});
