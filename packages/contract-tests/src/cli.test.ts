import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main, parseCli } from "./cli.js";
import { REAL_REQUIRED_VARIABLES } from "./targets.js";

/** A writable stream that keeps what is written. */
function sink() {
  let text = "";
  return {
    stream: {
      write(chunk: string) {
        text += chunk;
        return true;
      },
    } as unknown as NodeJS.WritableStream,
    text: () => text,
  };
}

const commandOf = (argv: string[], env: Record<string, string> = {}, cwd = "/work") => {
  const plan = parseCli(argv, env, cwd);
  if (!("command" in plan)) throw new Error("help was printed");
  return plan.command;
};

describe("parseCli", () => {
  it("turns the flags of a run into CONTRACT_* variables and keeps vitest's arguments after --", () => {
    const command = commandOf(
      [
        "--target",
        "url",
        "--base-url",
        "http://127.0.0.1:4010",
        "--stateful",
        "--read-only",
        "--",
        "-t",
        "getTask",
      ],
      { PATH: "/bin" },
    );
    expect(command).toEqual({
      name: "run",
      env: {
        PATH: "/bin",
        CONTRACT_TARGET: "url",
        CONTRACT_BASE_URL: "http://127.0.0.1:4010",
        CONTRACT_STATEFUL: "1",
        CONTRACT_ALLOW_MUTATIONS: "0",
        CONTRACT_REPORTS_DIR: "/work/reports",
      },
      vitestArgs: ["-t", "getTask"],
      runName: "contract",
      reportsDir: "/work/reports",
    });
  });

  it("passes --shard to vitest and names the shard's reports; --generated, --seed and --min-coverage too", () => {
    const command = commandOf(["--shard", "2/3", "--generated", "5", "--seed", "9", "--min-coverage", "80"]);
    expect(command).toMatchObject({
      name: "run",
      vitestArgs: ["--shard=2/3"],
      shard: { index: 2, count: 3 },
      minCoverage: 80,
      env: { CONTRACT_SHARD: "2/3", CONTRACT_GENERATED: "5", CONTRACT_SEED: "9" },
    });
  });

  it("reads the subcommands", () => {
    expect(commandOf(["generate", "--cases", "7", "--operation", "getTask,listPlanContents"])).toMatchObject({
      name: "generate",
      vitestArgs: ["src/generate/generated.contract.test.ts"],
      env: {
        CONTRACT_GENERATED: "7",
        CONTRACT_SEED: "1",
        CONTRACT_RUN_NAME: "generated",
        CONTRACT_OPERATIONS: "getTask,listPlanContents",
      },
    });
    expect(
      commandOf(["record", "--upstream", "https://api.example.com/", "--port", "8080", "--out", "rec"]),
    ).toEqual({
      name: "record",
      upstream: "https://api.example.com",
      port: 8080,
      outDir: "/work/rec",
    });
    expect(commandOf(["replay", "a", "b", "--spec", "s.json"])).toEqual({
      name: "replay",
      dirs: ["/work/a", "/work/b"],
      spec: "/work/s.json",
      reportsDir: "/work/reports",
    });
    expect(commandOf(["replay-case", "case.json", "--target", "sandbox"])).toMatchObject({
      name: "replay-case",
      file: "/work/case.json",
      env: { CONTRACT_TARGET: "sandbox" },
    });
    expect(commandOf(["merge", "s1", "s2", "--reports-dir", "out", "--min-coverage", "50.5"])).toEqual({
      name: "merge",
      dirs: ["/work/s1", "/work/s2"],
      reportsDir: "/work/out",
      minCoverage: 50.5,
    });
  });

  it("resolves the reports directory against the caller's directory", () => {
    expect(commandOf(["--reports-dir", "out"], {}, "/ci")).toMatchObject({ reportsDir: "/ci/out" });
    expect(commandOf([], { CONTRACT_REPORTS_DIR: "/abs" }, "/ci")).toMatchObject({ reportsDir: "/abs" });
  });
});

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
    [["--min-coverage", "101"], /--min-coverage <percent>.*percentage from 0 to 100/],
    [["--min-coverage", "x"], /--min-coverage <percent>.*percentage from 0 to 100/],
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
    [["replay"], /missing required argument 'dir'/],
    [["replay", "d", "--min-coverage", "-5"], /percentage from 0 to 100/],
    [["merge", "d", "--min-coverage", "abc"], /percentage from 0 to 100/],
    [["replay-case"], /missing required argument 'file'/],
  ])("%j", async (argv, message) => {
    const out = sink();
    expect(await main(argv, {}, out.stream)).toBe(2);
    expect(out.text()).toMatch(message);
    expect(out.text()).toMatch(/Usage: contract-tests/);
  });
});

describe("--help", () => {
  it.each([[[]], [["run"]], [["generate"]], [["record"]], [["replay"]], [["replay-case"]], [["merge"]]])(
    "on %j prints its usage and exits 0",
    async (command) => {
      const out = sink();
      expect(await main([...command, "--help"], {}, out.stream)).toBe(0);
      expect(out.text()).toMatch(new RegExp(`^Usage: contract-tests ${command[0] ?? ""}`));
    },
  );
});

describe("main", () => {
  it("skips the real target without credentials: one line naming every missing variable, exit 0", async () => {
    const out = sink();
    const code = await main(["--target", "real"], { CONTRACT_API_KEY: "k" }, out.stream);
    expect(code).toBe(0);
    const lines = out.text().split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    for (const variable of REAL_REQUIRED_VARIABLES.filter((v) => v !== "CONTRACT_API_KEY")) {
      expect(lines[0]).toContain(variable);
    }
  });

  it("exits 2 on a target without what it needs", async () => {
    const bad = sink();
    expect(await main(["--target", "url"], {}, bad.stream)).toBe(2);
    expect(bad.text()).toContain("needs CONTRACT_BASE_URL");
  });

  it.each([
    ["99", 1],
    ["0.5", 0],
  ])(
    "checks --min-coverage %s against the run's coverage report (exit %i)",
    async (threshold, exitCode) => {
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
        if (exitCode === 1) expect(out.text()).toMatch(/coverage \d+\.\d% is below --min-coverage 99%/);
      } finally {
        rmSync(reportsDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe("bin/contract-tests.js", () => {
  it("runs as a process: the real target without credentials prints one line and exits 0", async () => {
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
    expect(code, stderr).toBe(0);
    expect(stdout).toBe(`contract:real skipped — missing ${REAL_REQUIRED_VARIABLES.join(", ")}\n`);
    expect(stderr).toBe("");
  });
});
