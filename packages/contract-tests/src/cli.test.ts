import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "./cli.js";
import { REAL_REQUIRED_VARIABLES } from "./run-config/target.js";
import { sink } from "./test-support/output-sink.js";

describe("bad input: exit 2 with a message that names the flag, and the usage", () => {
  it.each([
    [
      ["--target", "staging"],
      /'--target <name>' argument 'staging' is invalid. Allowed choices are prism, sandbox, real, url/,
    ],
    [["--allow-mutations", "--read-only"], /cannot be used with/],
    [["stray"], /unexpected argument stray \(vitest arguments go after --\)/],
    [["--colour"], /unknown option '--colour'/],
    [["--generated", "-1"], /--generated <n>.* must be an integer from 0 to 100000/],
    [["--generated", "many"], /--generated <n>.* must be an integer from 0 to 100000/],
    [["--seed", "junk"], /--seed <s>.*the seed must be an integer/],
    [["--min-coverage", "101"], /--min-coverage <gates>.*percentage from 0 to 100/],
    [["--min-coverage", "x"], /--min-coverage <gates>.*percentage from 0 to 100/],
    [["--min-coverage", "operations=x"], /--min-coverage <gates>.*operations threshold must be a percentage/],
    [["--min-coverage", "colours=5"], /unknown coverage gate "colours=5"; use operations=N, statuses=N/],
    [
      ["--reporter", "teamcity"],
      /'--reporter <name>' argument 'teamcity' is invalid. Allowed choices are github, gitlab/,
    ],
    [["record", "--upstream", "http://x", "--upstream-timeout", "0"], /--upstream-timeout <ms>.*from 1 to/],
    [["--shard", "0/3"], /--shard <i\/n>.*1 ≤ i ≤ n/],
    [["--shard", "4/3"], /--shard <i\/n>.*1 ≤ i ≤ n/],
    [["--shard", "half"], /--shard <i\/n>.*1 ≤ i ≤ n/],
    [["--base-url", "ftp://x"], /--base-url <url>.*http\(s\) URL/],
    [["generate", "--cases", "0"], /--cases <n>.*from 1 to 100000/],
    [["generate", "--seed", "1.5"], /--seed <s>.*must be an integer/],
    [["generate", "--operation", "nope"], /unknown operation nope/],
    [["record"], /required option '--upstream <url>' not specified/],
    [["record", "--upstream", "http://x", "--port", "-1"], /--port <port>.*from 0 to 65535/],
    [["record", "--upstream", "http://x", "--port", "65536"], /--port <port>.*from 0 to 65535/],
    [["record", "--upstream", "http://x", "--port", "abc"], /--port <port>.*from 0 to 65535/],
    [["replay"], /missing required argument 'path'/],
    [["replay", "d", "--min-coverage", "-5"], /percentage from 0 to 100/],
    [["merge", "d", "--min-coverage", "abc"], /percentage from 0 to 100/],
    [["replay-case"], /missing required argument 'file'/],
  ])("%j", async (argv, message) => {
    const out = sink();
    expect(await main(argv, {}, out.stream)).toBe(2);
    // One line: the reason last (and where the usage is, for a line commander refused).
    expect(out.text().split("\n")).toEqual([expect.stringMatching(message), ""]);
    expect(out.text()).toMatch(/^contract-tests: /);
  });

  it("points a refused line at the --help of its command", async () => {
    const out = sink();
    expect(await main(["generate", "--bogus"], {}, out.stream)).toBe(2);
    expect(out.text()).toBe(
      "contract-tests: unknown option '--bogus' (contract-tests generate --help lists the options)\n",
    );
  });
});

describe("--help", () => {
  it.each([
    [[]],
    [["run"]],
    [["generate"]],
    [["stateful"]],
    [["record"]],
    [["replay"]],
    [["replay-case"]],
    [["parity"]],
    [["merge"]],
  ])("on %j prints its usage and exits 0", async (command) => {
    const out = sink();
    expect(await main([...command, "--help"], {}, out.stream)).toBe(0);
    expect(out.text()).toMatch(new RegExp(`^Usage: contract-tests ${command[0] ?? ""}`));
  });
});

describe("main", () => {
  it("refuses the real target without credentials: one line naming every missing variable, exit 2", async () => {
    const out = sink();
    const code = await main(["--target", "real"], { CONTRACT_API_KEY: "k" }, out.stream);
    expect(code).toBe(2);
    const lines = out.text().split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    for (const variable of REAL_REQUIRED_VARIABLES.filter((v) => v !== "CONTRACT_API_KEY")) {
      expect(lines[0]).toContain(variable);
    }
    expect(lines[0]).toContain("--allow-unconfigured");
  });

  it("exits 2 on a target without what it needs", async () => {
    const bad = sink();
    expect(await main(["--target", "url"], {}, bad.stream)).toBe(2);
    expect(bad.text()).toContain("--target url needs --base-url or CONTRACT_BASE_URL");
  });

  it.each([
    ["99", 1],
    ["0.5", 0],
  ])("checks --min-coverage %s against the run's coverage report (exit %i)", async (threshold, exitCode) => {
    const out = sink();
    const reportsDir = mkdtempSync(join(tmpdir(), "min-coverage-"));
    try {
      const env = Object.fromEntries(
        Object.entries(process.env).filter(
          ([name]) => !name.startsWith("CONTRACT_") && !name.startsWith("VITEST"),
        ),
      );
      const argv = [
        "--target",
        "sandbox",
        "--reports-dir",
        reportsDir,
        "--min-coverage",
        threshold,
        "--",
        "src/cloud/registry.contract.test.ts",
      ];
      expect(await main(argv, env, out.stream)).toBe(exitCode);
      const last = out.text().trimEnd().split("\n").at(-1);
      if (exitCode === 1) {
        expect(out.text()).toMatch(/^coverage gate total: \d+\.\d% is below 99% \(missing: /m);
        expect(last).toMatch(
          /^verdict: failed — coverage gate total not reached \(4 passed, 0 failed, 0 skipped\)$/,
        );
      } else expect(last).toBe("verdict: passed (4 passed, 0 failed, 0 skipped)");
    } finally {
      rmSync(reportsDir, { recursive: true, force: true });
    }
  });
});

describe("bin/contract-tests.js", () => {
  it("runs as a process: the real target without credentials prints one line and exits 2", async () => {
    const bin = fileURLToPath(new URL("../bin/contract-tests.js", import.meta.url));
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith("CONTRACT_")),
    );
    const child = spawn(process.execPath, [bin, "--target", "real"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, stderr).toBe(2);
    expect(stdout).toBe(
      `contract-tests: cannot run --target real: missing ${REAL_REQUIRED_VARIABLES.join(", ")} (set them, or pass --allow-unconfigured to skip on purpose)\n`,
    );
    expect(stderr).toBe("");
  });
});
