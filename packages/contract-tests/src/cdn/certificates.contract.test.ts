import { describe, expect, it } from "vitest";
import { needMutations } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";

const h = useHarness();
const RESOURCE = "/cdn/resources/{res_id}";
const CHANGE = "the CDN resource's certificate (HTTPS is turned off; it cannot be put back by this API)";

const revoke = (body: Record<string, unknown>) =>
  h.client.PATCH(RESOURCE, { params: { path: { res_id: h.ctx.ids.cdnResourceId } }, body: body as never });

describe(h.label("revokeCdnCertificate"), () => {
  it("answers 200 with an empty object or the updated resource, HTTPS off and no certificate", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const result = await h.ok("revokeCdnCertificate", revoke({ sslData: null, sslEnabled: false }));
    // The seed shows {}; the real service (and the sandbox) answer with the resource. Either way, a resource
    // in the answer must show the revoke.
    if (Object.keys(result).length > 0) {
      expect(result).toMatchObject({ id: h.ctx.ids.cdnResourceId, sslEnabled: false, sslData: null });
    }
    if (h.ctx.target === "sandbox") expect(result.sslEnabled).toBe(false);
  });

  rejects(h, [
    {
      name: "an unknown CDN resource with 404",
      operationId: "revokeCdnCertificate",
      needsState: true,
      call: () =>
        h.client.PATCH(RESOURCE, {
          params: { path: { res_id: 987654321 } },
          body: { sslData: null, sslEnabled: false },
        }),
    },
  ] satisfies NegativeCase[]);
});
