// Every benchmark command BENCHMARKS.md lists for this package runs as printed, with tiny counts (no figure is
// judged): a bench that a moved function broke fails here, not in the hands of the next reader. The
// `pnpm --filter` commands run their package script after its build step (this test runs after the build).
import { describe, expect, it } from "vitest";
import { benchShellCommand, listedBenchCommands, runBenchCommand } from "../../../scripts/bench-commands.mjs";

/** The tiny counts each command runs with: its environment, and arguments after the script. */
const SMOKE: Record<string, { env?: Record<string, string>; args?: string }> = {
  "pnpm --filter @cloud-contract/contract-tests bench": {
    env: {
      BENCH_ROUNDS: "1",
      BENCH_SECONDS: "0.1",
      BENCH_LATENCY_REQUESTS: "100",
      BENCH_BIG: "8",
      BENCH_CASES: "1",
    },
  },
  "pnpm --filter @cloud-contract/contract-tests bench:stateful": {
    env: { BENCH_ROUNDS: "1", BENCH_SEQUENCES: "5", BENCH_RECORDED_SEQUENCES: "5" },
  },
  "pnpm --filter @cloud-contract/contract-tests bench:generators": {
    env: { BENCH_ROUNDS: "1", BENCH_SEQUENCES: "5", BENCH_CASES: "1" },
  },
  "pnpm --filter @cloud-contract/contract-tests bench:bugs": {
    args: "--only shape.getTask.state-dropped --sequences 1 --cases 1",
  },
  "pnpm --filter @cloud-contract/contract-tests bench:engines": { env: { BENCH_SMOKE: "1" } },
};

const listed = listedBenchCommands("contract-tests");

describe("the benchmark commands of BENCHMARKS.md", () => {
  it("lists this package's commands, each with its tiny counts here", () => {
    expect([...listed].sort()).toEqual(Object.keys(SMOKE).sort());
  });

  it.each(listed)("%s runs with tiny counts", async (command) => {
    const smoke = SMOKE[command];
    const line = benchShellCommand("contract-tests", command, smoke?.args);
    const { code, output } = await runBenchCommand("contract-tests", line, smoke?.env);
    expect(code, output.slice(-3000)).toBe(0);
  });
});
