import { defineConfig } from "vitest/config";

// publint + attw on the tarball of every published package (`pnpm --filter @cloud-contract/release check-packages`).
export default defineConfig({
  test: { include: ["src/**/*.packages.test.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
});
