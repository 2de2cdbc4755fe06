// revokeCdnCertificate: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import type { Behaviour } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

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

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/paths/~1cdn~1resources~1{res_id}/patch/description", [
    ["Any other combination is not a revoke and is answered with `400`.", ["cdn.only-the-revoke"]],
    [
      "In the real service this path is the general partial update of a CDN resource; this interface describes only the revoke.",
      "about",
    ],
  ]),
  sentencesAt("openapi.json#/paths/~1cdn~1resources~1{res_id}/patch/responses/200/description", [
    [
      "The body is an empty object or the updated CDN resource (the sandbox answers with the resource); the service may also answer with no body at all (`x-body-optional`), which the client returns as no data.",
      ["cdn.revoked", "response-conforms"],
    ],
  ]),
].flat();
