import { beforeEach, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

const ctx = useSandbox();
beforeEach(() => ctx.sandbox.reset());

const revoke = (body: unknown, resId: number = F.cdnResourceId) =>
  ctx.api.call("revokeCdnCertificate", { params: { res_id: resId }, body });
const resource = (id: number = F.cdnResourceId) => ctx.sandbox.state().cdnResources.find((r) => r.id === id);

describe("CDN certificate revoke", () => {
  it("unlinks the certificate, turns HTTPS off and answers with the updated resource", async () => {
    expect(resource()).toMatchObject({ sslData: F.cdnCertificateId, sslEnabled: true });
    const before = resource()?.updated as string;
    const res = await revoke({ sslData: null, sslEnabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: F.cdnResourceId, sslEnabled: false, sslData: null });
    expect(res.body).toEqual(resource());
    expect(resource()).toMatchObject({ sslData: null, sslEnabled: false, sslAutomated: false });
    expect(Date.parse(resource()?.updated as string)).toBeGreaterThan(Date.parse(before));
  });

  it("is harmless on a resource without a certificate", async () => {
    expect(
      (await revoke({ sslData: null, sslEnabled: false }, F.cdnResourceWithoutCertificateId)).status,
    ).toBe(200);
  });

  it.each([
    ["HTTPS left on", { sslData: null, sslEnabled: true }],
    ["a certificate linked", { sslData: 77, sslEnabled: false }],
    ["both", { sslData: 77, sslEnabled: true }],
  ])("answers 400 for anything but a revoke (%s) and changes nothing", async (_name, body) => {
    const res = await revoke(body);
    expect(res.status).toBe(400);
    expect(resource()).toMatchObject({ sslData: F.cdnCertificateId, sslEnabled: true });
  });

  it.each([
    ["sslData missing", { sslEnabled: false }],
    ["sslEnabled missing", { sslData: null }],
    ["sslEnabled not a boolean", { sslData: null, sslEnabled: "no" }],
  ])("answers 400 (the reference documents no 422) for %s", async (_name, body) => {
    expect((await revoke(body)).status).toBe(400);
  });

  it("answers 404 for an unknown resource", async () => {
    expect((await revoke({ sslData: null, sslEnabled: false }, 999)).status).toBe(404);
  });
});
