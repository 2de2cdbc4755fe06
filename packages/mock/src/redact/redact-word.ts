/** What a redacted value becomes. Letters only: valid inside a URL and as base64. */
export const REDACTED = "REDACTED";
