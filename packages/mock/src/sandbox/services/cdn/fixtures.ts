import { SANDBOX_FIXTURES as F } from "../../fixtures/ids.js";
import type { CdnResource } from "./shapes.js";

export const cdnResources = (): CdnResource[] => [
  {
    id: F.cdnResourceId,
    name: "static assets",
    cname: "cdn.example.com",
    active: true,
    status: "active",
    sslEnabled: true,
    sslData: F.cdnCertificateId,
    sslAutomated: true,
    created: "2026-11-20T08:00:00Z",
    updated: "2026-11-20T08:00:00Z",
  },
  {
    id: F.cdnResourceWithoutCertificateId,
    name: "downloads",
    cname: "dl.example.com",
    active: true,
    status: "active",
    sslEnabled: false,
    sslData: null,
    sslAutomated: false,
    created: "2026-11-20T08:00:00Z",
    updated: "2026-11-20T08:00:00Z",
  },
];
