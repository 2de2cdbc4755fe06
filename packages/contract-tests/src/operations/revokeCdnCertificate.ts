// revokeCdnCertificate: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { fixBody, wrongKeyAccepted } from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import type { OperationFacts } from "./operation-facts.js";

export const revokeCdnCertificate: OperationFacts = {
  bugs: [
    bug(
      "shape.revokeCdnCertificate.ssl-enabled-as-string",
      'the revoked resource\'s sslEnabled is the string "false"',
      rewriteSuccess((b) => {
        b.sslEnabled = "false";
      }),
    ),
    bug(
      "status.revokeCdnCertificate.400-as-text",
      "a refused revoke is answered as plain text",
      rewriteStatus(400, (a) => ({ ...a, contentType: "text/plain", body: "bad request" })),
    ),
    bug(
      "auth.revokeCdnCertificate.wrong-key",
      "a certificate is revoked with an unknown key",
      wrongKeyAccepted,
    ),
    bug(
      "validation.revokeCdnCertificate.any-combination-accepted",
      "a revoke with sslEnabled true or a missing field is taken as the revoke",
      fixBody(
        (b) => b.sslEnabled !== false || b.sslData !== null,
        (b) => {
          b.sslEnabled = false;
          b.sslData = null;
        },
      ),
    ),
    bug(
      "behaviour.revokeCdnCertificate.not-applied",
      "a revoke is answered with HTTPS still on and the certificate linked",
      rewriteSuccess((b) => {
        if ("sslEnabled" in b) {
          b.sslEnabled = true;
          b.sslData = SANDBOX_FIXTURES.cdnCertificateId;
        }
      }),
    ),
    bug(
      "fields.revokeCdnCertificate.https-kept-on",
      "a revoke unlinks the certificate but answers sslEnabled true",
      rewriteSuccess((r) => {
        if ("sslEnabled" in r) r.sslEnabled = true;
      }),
    ),
  ],
  behaviours: [
    {
      id: "cdn.revoked",
      operationId: "revokeCdnCertificate",
      source: "spec/paths/cdn_resources_{res_id}.yaml",
      statement: "a revoke leaves the resource with sslData null and sslEnabled false (or answers {})",
      probe: "revoke-applied",
      check: "changes-applied",
      brokenBy: "behaviour.revokeCdnCertificate.not-applied",
    },
    {
      id: "cdn.only-the-revoke",
      operationId: "revokeCdnCertificate",
      source: "spec/paths/cdn_resources_{res_id}.yaml",
      statement: "any combination other than sslData null and sslEnabled false is a 400",
      probe: "refused",
      check: "invalid-refused",
      brokenBy: "validation.revokeCdnCertificate.any-combination-accepted",
    },
  ],
};
