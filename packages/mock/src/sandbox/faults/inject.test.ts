// Faults answer in the error shape of the faulted operation's service, and that answer is documented.
import { describe, expect, it } from "vitest";
import { connectSandbox } from "../../control-client/sandbox-control.js";
import { useSandbox } from "../../test-support/sandbox.js";
import { type CallOptions, specClient } from "../../test-support/spec-client.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox();
const P = { project_id: F.projectId, region_id: F.regionId };

describe("a status fault", () => {
  it.each<[string, number, CallOptions, object]>([
    [
      "listActiveTasks",
      503,
      { params: P },
      { message: expect.stringContaining("Injected fault"), exception_class: "ServiceUnavailable" },
    ],
    ["listPlanContents", 403, {}, { detail: expect.stringContaining("Injected fault") }],
    [
      "revokeCdnCertificate",
      404,
      { params: { res_id: F.cdnResourceId }, body: { sslData: null, sslEnabled: false } },
      { message: expect.stringContaining("Injected fault") },
    ],
    [
      "listResellerNotificationSettings",
      404,
      { params: { resellerId: F.resellerId } },
      { message: expect.stringContaining("Injected fault") },
    ],
    [
      "resetStreamPushToken",
      500,
      { params: { stream_id: F.streamId } },
      { status: 500, error: expect.stringContaining("Injected fault") },
    ],
  ])("on %s answers %i in its service's error shape", async (operationId, status, options, shape) => {
    const tenant = await connectSandbox(ctx.sandbox.url).tenant();
    await tenant.faults.add({ operation_id: operationId, kind: "status", status });
    // The spec client fails the call unless the answer is documented for the operation and status.
    const res = await specClient(ctx.sandbox.url).call(operationId, { ...options, key: tenant.key });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject(shape);
  });

  it("is refused for a status the operation does not document", async () => {
    const tenant = await connectSandbox(ctx.sandbox.url).tenant();
    await expect(
      tenant.faults.add({ operation_id: "resetStreamPushToken", kind: "status", status: 409 }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
