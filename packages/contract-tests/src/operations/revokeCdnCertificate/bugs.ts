// revokeCdnCertificate: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { fixBody, wrongKeyAccepted } from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";

export const bugs: readonly SeededBug[] = [
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
];
