// revokeCdnCertificate: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).
import type { Behaviour } from "../../stateful/behaviour.js";

export const behaviours: readonly Behaviour[] = [
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
];
