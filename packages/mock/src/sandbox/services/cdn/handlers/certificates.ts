import type { CdnResourceUpdateResult } from "@cloud-contract/types";
import { laterThan } from "../../../handlers/common.js";
import { badRequest, notFound } from "../../../http/api-error.js";
import type { CdnHandler } from "../tenant.js";

/**
 * PATCH /cdn/resources/{res_id} — the certificate revoke: only `{"sslData": null, "sslEnabled": false}`
 * is accepted; it unlinks the certificate and turns HTTPS off (again harmless), and answers with the
 * updated resource, as the real service does for this URL.
 */
export const revokeCdnCertificate: CdnHandler<"revokeCdnCertificate"> = (ctx) => {
  const resource = ctx.app.entities.cdnResources.get(ctx.params.res_id);
  if (!resource) throw notFound(`CDN resource ${ctx.params.res_id}`);
  const request = ctx.body;
  if (request.sslData !== null || request.sslEnabled !== false) {
    throw badRequest("Only a revoke is accepted here: send sslData null and sslEnabled false.");
  }
  resource.sslData = null;
  resource.sslEnabled = false;
  resource.sslAutomated = false;
  resource.updated = laterThan(ctx.app, resource.updated);
  const body: CdnResourceUpdateResult = { ...resource };
  return { status: 200, body };
};
