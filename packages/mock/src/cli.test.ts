import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { main } from "./cli.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./sandbox/fixtures/ids.js";
import { spawnBin, startBin } from "./test-support/bin.js";
import { freeKiB, mountSmallDisk } from "./test-support/small-disk.js";
import { growGroup } from "./test-support/store-faults.js";

const dist = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

describe.each(["sandbox", "prism"])("cloud-mock %s", (command) => {
  it("prints its URL and every operation when ready, serves, and stops cleanly on Ctrl-C", async () => {
    expect(existsSync(dist), "build the package first (nx runs build before test)").toBe(true);
    const { child, out, url } = await startBin([command, "--port", "0"]);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      for (const op of loadDocument().operations)
        expect(out()).toContain(`${url}${op.path}  (${op.operationId})`);
      if (command === "sandbox") expect(out()).toContain(`Authorization: apikey ${SANDBOX_API_KEY}`);
      const res = await fetch(`${url}/cloud/v1/tasks/1/1/active`, {
        headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
      });
      expect(res.status).toBe(200);
      child.kill("SIGINT");
      expect(await exitCode(child)).toBe(0);
      expect(out()).toContain("Stopped.");
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
    }
  });
});

/**
 * Starts the sandbox with a `--state-file`, makes one change, lets `stop` signal it, and returns its exit code
 * and whether the change reached the state file.
 */
async function stopAfterAChange(
  stop: (child: ChildProcessWithoutNullStreams, url: string, out: () => string) => Promise<void>,
): Promise<{ code: number | null; saved: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), "cli-stop-"));
  const stateFile = join(dir, "state.json");
  const { child, url, out } = await startBin(["sandbox", "--port", "0", "--state-file", stateFile]);
  try {
    const email = `stop-${Date.now()}@example.com`;
    const res = await fetch(`${url}/iam/reselling/resellers/1020/notification_settings`, {
      method: "POST",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ notification_type: "failed_login", email }),
    });
    expect(res.status).toBe(201);
    await stop(child, url, out);
    const code = await exitCode(child);
    return { code, saved: readFileSync(stateFile, "utf8").includes(email) };
  } finally {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("cloud-mock sandbox when its terminal closes (SIGHUP)", () => {
  it.each([[["SIGHUP"]], [["SIGINT", "SIGHUP"]]] as NodeJS.Signals[][][])(
    "on %j stops cleanly with exit code 0 and writes the change it just made to --state-file",
    async (signals) => {
      // A Ctrl-C is often followed at once by the terminal's hang-up.
      const result = await stopAfterAChange(async (child) => {
        for (const signal of signals) child.kill(signal);
      });
      expect(result).toEqual({ code: 0, saved: true });
    },
  );
});

describe("cloud-mock sandbox under a package runner", () => {
  it("a Ctrl-C that arrives twice (pnpm forwards the terminal's) and a SIGTERM mid-stop do not cut the stop", async () => {
    const result = await stopAfterAChange(async (child, url, out) => {
      // A request whose body is still arriving keeps the stop busy for about a second.
      const { host, port } = new URL(url);
      const socket = connect(Number(port), host.replace(/:\d+$/, ""));
      await once(socket, "connect");
      socket.on("error", () => undefined);
      socket.write("POST /cloud/v1/tasks/1/1/active HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{");
      child.kill("SIGINT");
      await expect.poll(out, { timeout: HANG_DETECTOR_MS }).toContain("Stopping…");
      child.kill("SIGINT");
      child.kill("SIGTERM");
    });
    expect(result).toEqual({ code: 0, saved: true });
  });
});

/** Runs the bin to its end; returns its exit code and what it wrote. */
async function runBin(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const { child, out, err } = spawnBin(args);
  const timer = setTimeout(() => child.kill("SIGKILL"), HANG_DETECTOR_MS);
  const code = await exitCode(child);
  clearTimeout(timer);
  return { code, out: out(), err: err() };
}

/** Runs the CLI in this process (bad input and --help return before any server starts). */
async function runMain(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, {
    out: { write: (text: string) => (out += text) },
    err: { write: (text: string) => (err += text) },
  });
  return { code, out, err };
}

describe("cloud-mock usage", () => {
  it.each([
    [[], /Give a command/],
    [["serve"], /Unknown command "serve"/],
    [["sandbox", "--task-delay", "abc"], /--task-delay must be a whole number from 0 to 86400000, got "abc"/],
    [["sandbox", "--port", "-1"], /Option '--port' argument is ambiguous/],
    [["sandbox", "--port=-1"], /--port must be a whole number from 0 to 65535, got "-1"/],
    [["prism", "--port", "70000"], /--port must be a whole number from 0 to 65535, got "70000"/],
    [["sandbox", "--seed", "junk"], /--seed must be a whole number from 0 to 4294967295, got "junk"/],
    [["sandbox", "--nope"], /Unknown option '--nope'/],
    [["prism", "--seed", "1"], /--seed is not an option of "prism"/],
    [
      ["sandbox", "--data-dir", "d", "--state-file", "f"],
      /Give one of --state-file, --data-dir, not several/,
    ],
    [["sandbox", "--database-url", "mysql://x"], /--database-url must start with postgres:\/\//],
    [["prism", "--data-dir", "d"], /--data-dir is not an option of "prism"/],
  ])(
    "cloud-mock %j returns 2 with one line on stderr: the reason, and where the usage is",
    async (args, message) => {
      const { code, out, err } = await runMain(args);
      expect(code).toBe(2);
      expect(err.split("\n")).toEqual([expect.stringMatching(message), ""]);
      expect(err).toMatch(/^cloud-mock: .+ \(cloud-mock --help lists the commands and options\)\n$/);
      expect(out).toBe("");
    },
  );

  it.each([["--help"], ["sandbox", "--help"], ["prism", "-h"]])(
    "cloud-mock %j prints the usage on stdout and returns 0",
    async (...args) => {
      const { code, out, err } = await runMain(args);
      expect(code).toBe(0);
      expect(out).toContain("cloud-mock prism   [--port 4010]");
      expect(err).toBe("");
    },
  );

  // The same through the bin, once each: the process ends with the code main returned.
  it("the bin exits 2 on bad input, with the reason on the last line of stderr", async () => {
    const { code, err } = await runBin(["sandbox", "--nope"]);
    expect(code).toBe(2);
    expect(err.trimEnd().split("\n").at(-1)).toMatch(/^cloud-mock: Unknown option '--nope'/);
  });

  it("the bin exits 0 after --help, with the usage on stdout", async () => {
    const { code, out } = await runBin(["--help"]);
    expect(code).toBe(0);
    expect(out).toContain("cloud-mock prism   [--port 4010]");
  });
});

describe.each(["sandbox", "prism"])("cloud-mock %s on a taken port", (command) => {
  it("prints one line naming the port and the flag, and exits 2", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const { code, out, err } = await runBin([command, "--port", String(port)]);
      expect(code).toBe(2);
      expect(out).toBe("");
      expect(
        err
          .trim()
          .split("\n")
          .filter((line) => line.startsWith("cloud-mock: ")),
      ).toEqual([
        `cloud-mock: port ${port} on 127.0.0.1 is taken; choose another with --port (0 picks a free one)`,
      ]);
      expect(err).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});

describe("cloud-mock sandbox control flags", () => {
  it.each([
    [["--control", "on", "--max-tenants", "1"], 201],
    [["--control", "off"], 404],
  ])("with %j answers POST /__sandbox/tenants with %i", async (flags, status) => {
    const { child, out, url } = await startBin(["sandbox", "--port", "0", ...flags]);
    try {
      expect(out()).toContain(status === 404 ? "Control API: off" : `${url}/__sandbox/`);
      if (status !== 404) expect(out()).toContain(`Console: ${url}/__sandbox/ in a browser`);
      const res = await fetch(`${url}/__sandbox/tenants`, {
        method: "POST",
        headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
      });
      expect(res.status).toBe(status);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("--max-tags 3 bounds a security group's user tags: to 3 a 200, beyond a 400", async () => {
    const { child, url } = await startBin(["sandbox", "--port", "0", "--max-tags", "3"]);
    try {
      const patchTags = (tags: Record<string, string>) =>
        fetch(`${url}/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`, {
          method: "PATCH",
          headers: { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" },
          body: JSON.stringify({ tags }),
        });
      // The seeded group has two user tags.
      expect((await patchTags({ a: "1", b: "2" })).status).toBe(400);
      expect((await patchTags({ a: "1" })).status).toBe(200);
      expect((await patchTags({ b: "2" })).status).toBe(400);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it.each([
    ["--control", "maybe"],
    ["--control", ""],
    ["--max-tenants", "0"],
    ["--max-tenants", "-1"],
    ["--max-tenants", "many"],
    ["--tenant-idle", "soon"],
    ["--tenant-idle", "-5"],
    ["--tenant-idle", ""],
    ["--max-tags", "0"],
    ["--max-tags", "lots"],
    ["--max-objects", "0"],
    ["--max-objects", "1e3"],
    ["--max-answer", "100"],
    ["--data-dir", ""],
    ["--database-url", ""],
  ])("refuses %s %j with code 2 and a message naming the flag", async (flag, value) => {
    const { code, err } = await runMain(["sandbox", "--port", "0", `${flag}=${value}`]);
    expect(code).toBe(2);
    expect(err).toContain(flag);
  });
});

describe("cloud-mock sandbox and its data folder", () => {
  const root = mkdtempSync(join(tmpdir(), "cli-data-"));
  const disk = mountSmallDisk(root, "small.disk", "2m");
  const skipped = "reason" in disk ? ` (skipped: ${disk.reason})` : "";
  afterAll(() => {
    if (!("reason" in disk)) disk.unmount();
    rmSync(root, { recursive: true, force: true });
  });

  it("refuses a --data-dir that is a file: one line saying why, code 2", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "{}");
    const { code, out, err } = await runBin(["sandbox", "--port", "0", "--data-dir", file]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(new RegExp(`^cloud-mock: cannot open --data-dir ${file}: .+\\n$`));
  });

  it.skipIf("reason" in disk)(
    `refuses a new --data-dir on a full disk: one line saying why, code 2 (no SIGBUS)${skipped}`,
    async () => {
      if ("reason" in disk) return;
      const fill = join(disk.dir, "fill");
      try {
        writeFileSync(fill, Buffer.alloc(freeKiB(disk.dir) * 1024));
        const dataDir = join(disk.dir, "data");
        const { code, err } = await runBin(["sandbox", "--port", "0", "--data-dir", dataDir]);
        expect(err).toBe(
          `cloud-mock: cannot open --data-dir ${dataDir}: no room for the database (1024 KiB free needed)\n`,
        );
        expect(code).toBe(2);
      } finally {
        rmSync(fill, { force: true });
      }
    },
  );

  it.skipIf("reason" in disk)(
    `stops with code 0 on SIGTERM while its disk is full: what it acknowledged is stored already${skipped}`,
    async () => {
      if ("reason" in disk) return;
      const dataDir = join(disk.dir, "full");
      // The disk is filled with tags: the tag limit is lifted for it.
      const { child, url } = await startBin([
        "sandbox",
        "--port",
        "0",
        "--data-dir",
        dataDir,
        "--max-tags",
        "1000000",
      ]);
      try {
        const { statuses } = await growGroup(url, SANDBOX_API_KEY, () => freeKiB(disk.dir) > 0, 40, 400);
        // Writes past the full disk, so that the stop has changes it cannot commit.
        const late = await growGroup(url, SANDBOX_API_KEY, () => true, 40, 5);
        expect(late.statuses).toContain(503);
        expect(statuses).toContain(200);
        child.kill("SIGTERM");
        expect(await exitCode(child)).toBe(0);
      } finally {
        child.kill("SIGKILL");
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
