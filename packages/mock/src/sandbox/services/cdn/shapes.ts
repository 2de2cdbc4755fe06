// The shapes the CDN service keeps; they follow the public API's field names where those are known.

export interface CdnResource {
  id: number;
  name: string;
  cname: string;
  active: boolean;
  status: "active" | "suspended" | "processed" | "deleted";
  sslEnabled: boolean;
  /** ID of the linked certificate, null when none is linked. */
  sslData: number | null;
  /** Whether the linked certificate is a Let's Encrypt one. */
  sslAutomated: boolean;
  created: string;
  updated: string;
}
