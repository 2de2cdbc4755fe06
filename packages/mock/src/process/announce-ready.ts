/**
 * Tells a parent that started this process with an IPC channel (the workspace's `pnpm mock` / `pnpm sandbox`,
 * through scripts/run-built.mjs) that the server is up and every module it needs is loaded, so that a build
 * waiting for its turn may rewrite `dist/` now. The channel is unref'd: it never keeps the process alive.
 */
export function announceReady(): void {
  if (typeof process.send !== "function" || !process.connected) return;
  process.send({ cloudMock: "ready" });
  process.channel?.unref();
}
