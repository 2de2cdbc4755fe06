// A throwaway PostgreSQL must not outlive the process that started it: after Ctrl-C or a crash of a test
// run, no server may run on and no folder may stay behind. Real servers, real processes.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresBinDir } from "../../../../../scripts/ensure-system-deps.mjs";
import { startPostgres } from "../../test-support/postgres.js";
import { eventually } from "../../test-support/sandbox.js";
import { postmasterPid } from "./throwaway-postgres.js";

const BUILT = fileURLToPath(new URL("../../../dist/sandbox/durable/throwaway-postgres.js", import.meta.url));
const SYSTEM_DEPS = fileURLToPath(new URL("../../../../../scripts/ensure-system-deps.mjs", import.meta.url));

/** The data folder of the server at `url` (its throwaway folder is the parent) and the server's PID. */
async function serverOf(url: string): Promise<{ dir: string; pid: number }> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>("show data_directory");
    const data = rows[0]?.data_directory as string;
    return { dir: dirname(data), pid: postmasterPid(data) };
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (up to the tests' hang detector, else throws) until `done()` holds. */
const until = (done: () => boolean) => eventually(async () => done() || undefined);

/** Watchers of the server whose folder is `dir` still running. */
const watchersOf = (dir: string) =>
  spawnSync("pgrep", ["-f", `watch-postgres [0-9]+ ${dir}`], { encoding: "utf8" }).stdout.trim();

describe("a throwaway PostgreSQL", () => {
  it("ends, and its folder and the process's initialised template are removed, when the process that started it is killed without stopping it (also after a halt and a resume)", async () => {
    // The owner's temp folder holds everything it makes: the server's folder and the template it copies.
    const ownerTmp = mkdtempSync(join(tmpdir(), "postgres-owner-"));
    chmodSync(ownerTmp, 0o755); // the server's user must reach into it, as into any temp folder
    const program = `
      const { startPostgres } = await import(${JSON.stringify(BUILT)});
      const { postgresBinDir } = await import(${JSON.stringify(SYSTEM_DEPS)});
      const postgres = await startPostgres(postgresBinDir());
      postgres.halt();
      postgres.resume();
      console.log(postgres.url);
      setInterval(() => {}, 1000);`;
    const owner = spawn(process.execPath, ["--input-type=module", "-e", program], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, TMPDIR: ownerTmp },
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      owner.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(out.trim());
      });
      owner.once("exit", (code) =>
        reject(new Error(`the owner exited with ${code} before starting PostgreSQL`)),
      );
    });
    const { dir, pid } = await serverOf(url);
    expect(alive(pid)).toBe(true);
    expect(readdirSync(ownerTmp).sort()).toEqual([
      expect.stringMatching(/^postgres-template-/),
      expect.stringMatching(/^sandbox-pg-/),
    ]);

    owner.kill("SIGKILL");

    await until(() => !alive(pid));
    await until(() => !existsSync(dir));
    await until(() => watchersOf(dir) === "");
    await until(() => readdirSync(ownerTmp).length === 0);
    rmSync(ownerTmp, { recursive: true, force: true });
  });

  it("leaves nothing behind, and its process runs on, when the server cannot start", async () => {
    // A PostgreSQL whose initdb is the real one and whose pg_ctl fails, as on a full disk or a taken socket.
    const bin = mkdtempSync(join(tmpdir(), "postgres-broken-bin-"));
    const ownerTmp = mkdtempSync(join(tmpdir(), "postgres-owner-"));
    for (const folder of [bin, ownerTmp]) chmodSync(folder, 0o755);
    symlinkSync(join(postgresBinDir() as string, "initdb"), join(bin, "initdb"));
    writeFileSync(join(bin, "pg_ctl"), "#!/bin/sh\necho 'pg_ctl: could not start server' >&2\nexit 1\n", {
      mode: 0o755,
    });
    const program = `
      const { startPostgres } = await import(${JSON.stringify(BUILT)});
      const { readdirSync } = await import("node:fs");
      const { tmpdir } = await import("node:os");
      const refused = await startPostgres(${JSON.stringify(bin)}).then(() => undefined, (error) => error);
      console.log(JSON.stringify({ refused: refused?.message.split("\\n")[0], left: readdirSync(tmpdir()) }));`;
    try {
      const owner = spawnSync(process.execPath, ["--input-type=module", "-e", program], {
        encoding: "utf8",
        env: { ...process.env, TMPDIR: ownerTmp },
      });
      expect(owner.status, owner.stderr).toBe(0);
      const seen = JSON.parse(owner.stdout.trim().split("\n").at(-1) as string);
      expect(seen.refused).toMatch(/^pg_ctl .* start failed \(1\)/);
      // While the process lives only its initialised template is left, for the next server to copy.
      expect(seen.left).toEqual([expect.stringMatching(/^postgres-template-/)]);
      await until(() => readdirSync(ownerTmp).length === 0);
    } finally {
      rmSync(bin, { recursive: true, force: true });
      rmSync(ownerTmp, { recursive: true, force: true });
    }
  });

  it("leaves no watcher behind when it is stopped", async () => {
    const postgres = await startPostgres();
    const { dir, pid } = await serverOf(postgres.url);
    expect(watchersOf(dir)).not.toBe("");
    await postgres.stop();
    // pg_ctl returns once the server has removed its PID file, a moment before the process is gone.
    await until(() => !alive(pid));
    expect(existsSync(dir)).toBe(false);
    await until(() => watchersOf(dir) === "");
  });
});
