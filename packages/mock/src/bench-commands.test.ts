// Every benchmark command BENCHMARKS.md lists for this package runs as printed, with tiny counts (no figure is
// judged): a bench that a moved function broke fails here, not in the hands of the next reader. The
// `pnpm --filter` commands run their package script after its build step (this test runs after the build).
import { describe, expect, it } from "vitest";
import { benchShellCommand, listedBenchCommands, runBenchCommand } from "../../../scripts/bench-commands.mjs";

/** The tiny counts each command runs with: its environment, and its arguments in place of the printed ones. */
const SMOKE: Record<string, { env?: Record<string, string>; args?: string }> = {
  "pnpm --filter @cloud-contract/mock bench": {
    env: { BENCH_SECONDS: "0.1", BENCH_WARMUP_SECONDS: "0", BENCH_ROUNDS: "1" },
  },
  "pnpm --filter @cloud-contract/mock bench:large": { env: { BENCH_ROUNDS: "1" } },
  "pnpm --filter @cloud-contract/mock bench:storage": {
    env: {
      STORAGE_BENCH_ROUNDS: "1",
      STORAGE_BENCH_SECONDS: "0.1",
      STORAGE_BENCH_WARMUP_MS: "20",
      STORAGE_BENCH_KILL_AFTER_MS: "100",
      STORAGE_BENCH_CREATE_SECONDS: "0.1",
      STORAGE_BENCH_GET_SECONDS: "0.1",
      STORAGE_BENCH_MAX: "1000",
      STORAGE_BENCH_SERVERS: "50",
      STORAGE_BENCH_TENANTS: "5",
    },
  },
  "cd packages/mock && node bench/embedded-candidates.mjs 2000": { args: "20" },
  "pnpm --filter @cloud-contract/mock bench:in-process": {
    env: { BENCH_REQUESTS: "200", BENCH_ROUNDS: "1" },
  },
  "pnpm --filter @cloud-contract/mock bench:msw": { env: { BENCH_ROUNDS: "1", BENCH_CALLS: "20" } },
  "pnpm --filter @cloud-contract/mock bench:tag-limit": { env: { BENCH_ROUNDS: "2" } },
  "pnpm --filter @cloud-contract/mock bench:tenants": {
    env: { BENCH_SECONDS: "0.1", BENCH_WARMUP_SECONDS: "0", BENCH_ROUNDS: "1" },
  },
};

const listed = listedBenchCommands("mock");

describe("the benchmark commands of BENCHMARKS.md", () => {
  it("lists this package's commands, each with its tiny counts here", () => {
    expect(listed.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual(Object.keys(SMOKE).sort());
  });

  it.each(listed)("%s runs with tiny counts", async (command) => {
    const smoke = SMOKE[command];
    const { code, output } = await runBenchCommand(
      "mock",
      benchShellCommand("mock", command, smoke?.args),
      smoke?.env,
    );
    // A bench that ran to its end may exit 1 for a missed target: figures from tiny counts are not judged.
    const ranToTheEnd = code === 0 || (code === 1 && output.includes("Targets missed"));
    expect(ranToTheEnd, output.slice(-3000)).toBe(true);
  });
});
