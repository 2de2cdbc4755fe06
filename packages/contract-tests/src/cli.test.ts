import { spawn } from "node:child_process";
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

describe("parseCli", () => {
  it("turns flags into CONTRACT_* variables and keeps vitest's arguments after --", () => {
    const plan = parseCli(
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
      "/work",
    );
    expect(plan).toEqual({
      env: {
        PATH: "/bin",
        CONTRACT_TARGET: "url",
        CONTRACT_BASE_URL: "http://127.0.0.1:4010",
        CONTRACT_STATEFUL: "1",
        CONTRACT_ALLOW_MUTATIONS: "0",
        CONTRACT_REPORTS_DIR: "/work/reports",
      },
      vitestArgs: ["-t", "getTask"],
      help: false,
    });
  });

  it("resolves the reports directory against the caller's directory", () => {
    expect(parseCli(["--reports-dir", "out"], {}, "/ci").env.CONTRACT_REPORTS_DIR).toBe("/ci/out");
    expect(parseCli([], { CONTRACT_REPORTS_DIR: "/abs" }, "/ci").env.CONTRACT_REPORTS_DIR).toBe("/abs");
  });

  it.each([
    [["--target", "staging"], /--target must be one of/],
    [["--allow-mutations", "--read-only"], /exclude each other/],
    [["stray"], /unexpected argument stray/],
    [["--colour"], /Unknown option/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(message);
  });
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

  it("exits 2 with the usage on a bad flag or target", async () => {
    const out = sink();
    expect(await main(["--nope"], {}, out.stream)).toBe(2);
    expect(out.text()).toContain("Usage: contract-tests");
    const bad = sink();
    expect(await main(["--target", "url"], {}, bad.stream)).toBe(2);
    expect(bad.text()).toContain("needs CONTRACT_BASE_URL");
  });

  it("prints the usage for --help", async () => {
    const out = sink();
    expect(await main(["--help"], {}, out.stream)).toBe(0);
    expect(out.text()).toMatch(/^Usage: contract-tests/);
  });
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
