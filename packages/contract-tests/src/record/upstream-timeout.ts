/** How long the record proxy waits for the upstream by default (its headers, then each part of its body), in ms. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
