// Every benchmark command BENCHMARKS.md lists for this package runs as printed, with tiny counts (no figure is
// judged): a bench that a moved function broke fails here, not in the hands of the next reader. The
// `pnpm --filter` commands run their package script after its build step (this test runs after the build).
import { describe, expect, it } from "vitest";
import { benchShellCommand, listedBenchCommands, runBenchCommand } from "../../../scripts/bench-commands.mjs";

/** The tiny counts each command runs with (its environment). */
const SMOKE: Record<string, Record<string, string>> = {
  "pnpm --filter @cloud-contract/client bench": { BENCH_ROUNDS: "1", BENCH_CALLS: "20", BENCH_WARMUP: "20" },
};

const listed = listedBenchCommands("client");

describe("the benchmark commands of BENCHMARKS.md", () => {
  it("lists this package's commands, each with its tiny counts here", () => {
    expect([...listed].sort()).toEqual(Object.keys(SMOKE).sort());
  });

  it.each(listed)("%s runs with tiny counts", async (command) => {
    const { code, output } = await runBenchCommand(
      "client",
      benchShellCommand("client", command),
      SMOKE[command],
    );
    expect(code, output.slice(-3000)).toBe(0);
  });
});
