// The spec's Arazzo document (the main flows) run by `redocly respect`: green against a sandbox, red against a
// sandbox with one seeded behaviour bug switched on, failing at the step that sees it.
import {
  connectSandbox,
  SANDBOX_FIXTURES as F,
  type RunningSandbox,
  startSandbox,
} from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buggyTarget } from "../bugs/buggy-target.js";
import { seededBug } from "../bugs/catalogue.js";
import { failedSteps, runRespect } from "../test-support/respect.js";

/** Each flow's inputs, named as the document names them, from the sandbox's fixtures. */
const inputsFor = (key: string) => ({
  authorization: `apikey ${key}`,
  project_id: F.projectId,
  region_id: F.regionId,
  flavor: F.bareMetalFlavor,
  image_id: F.imageId,
  group_id: F.securityGroupId,
  name: "renamed-by-main-flows",
  reseller_id: F.resellerId,
  email: "main-flows@reseller.example.com",
  stream_id: F.streamId,
});

describe("the main flows (spec/workflows/main.arazzo.yaml) under redocly respect", () => {
  // Tasks run long enough to be listed as active between the creation and the first poll.
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, taskDelayMs: 2_500, validateResponses: true });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it("pass, every step and check, against the sandbox", async () => {
    const url = sandbox?.url as string;
    const tenant = await connectSandbox(url).tenant();
    const run = await runRespect(url, inputsFor(tenant.key));
    expect(failedSteps(run), run.output).toEqual([]);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.workflows.map((w) => [w.workflowId, w.status])).toEqual([
      ["createBareMetalAndFollowTask", "success"],
      ["updateSecurityGroupAndReadBack", "success"],
      ["addNotificationSettingOnce", "success"],
      ["resetPushTokenTwice", "success"],
    ]);
  });

  it.each([
    ["behaviour.resetStreamPushToken.urls-keep-old-token", "resetPushTokenTwice/secondReset"],
    ["behaviour.resetStreamPushToken.token-unchanged", "resetPushTokenTwice/secondReset"],
    ["behaviour.updateSecurityGroup.not-applied", "updateSecurityGroupAndReadBack/renameAndTag"],
  ])("fail against a sandbox with %s, at %s", async (bugId, step) => {
    const target = buggyTarget(seededBug(bugId));
    try {
      const url = await target.listen();
      const workflow = step.split("/")[0] as string;
      const run = await runRespect(url, inputsFor(F.apiKey), [workflow]);
      expect(run.exitCode, run.output).toBe(1);
      expect(failedSteps(run)).toEqual([step]);
    } finally {
      await target.close();
    }
  });
});
