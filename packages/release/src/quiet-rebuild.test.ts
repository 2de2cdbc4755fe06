import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPrism } from "@cloud-contract/mock";
import { afterAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { workspacePath } from "./workspace.js";

// The bundle a running mock serves must not be rewritten by a build with nothing to do: Prism watches the
// file and reloads on every write, answering nothing meanwhile (`pnpm mock` in one terminal, `pnpm sandbox`,
// whose build runs spec:bundle, in another).
const SPEC = workspacePath("spec");
const targets = JSON.parse(readFileSync(join(SPEC, "package.json"), "utf8")).nx.targets;
/** Redocly's bundle, cached by nx in a folder nothing serves, and the step that places it where the mock reads it. */
const redoclyTarget = targets["redocly-bundle"];
const bundleTarget = targets.bundle;
const OUTPUTS = [join(SPEC, "dist", "openapi.json"), join(SPEC, "dist", "openapi.yaml")];
const REDOCLY = workspacePath("scripts", "redocly.mjs");

const stamp = (file: string) => {
  const { mtimeMs, ino } = statSync(file);
  return { mtimeMs, ino };
};

function bundle(args: string[]) {
  const run = spawnSync(
    process.execPath,
    [REDOCLY, "bundle", "openapi.yaml", "--config", "redocly.yaml", ...args],
    {
      cwd: SPEC,
      encoding: "utf8",
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return run;
}

describe("a bundle with nothing to do", () => {
  const scratch = mkdtempSync(join(tmpdir(), "quiet-rebuild-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("is placed by a step nx runs rather than restores from its cache (a restore writes the files again)", () => {
    expect(bundleTarget.cache).toBe(false);
    expect(bundleTarget.dependsOn).toEqual(["redocly-bundle"]);
    expect(redoclyTarget.outputs).toEqual(["{projectRoot}/dist/bundled"]);
  });

  it("leaves the served bundle as it is while Prism serves it, and Prism answers throughout", async () => {
    const prism = await startPrism({ port: 0, startTimeoutMs: HANG_DETECTOR_MS });
    try {
      const before = OUTPUTS.map(stamp);
      let polls = 0;
      const failures: string[] = [];
      let building = true;
      const poller = (async () => {
        while (building) {
          polls++;
          try {
            const response = await fetch(`${prism.url}/cloud/v1/tasks/d478ae29-dedc-4869-82f0-96104425f565`, {
              headers: { Authorization: "apikey quiet-rebuild" },
            });
            if (response.status !== 200) failures.push(`status ${response.status}`);
            await response.body?.cancel();
          } catch (error) {
            failures.push(String(error));
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      // The spec's bundle steps as nx runs them (Redocly's when its cache misses, then the placing).
      // Run without blocking this process, so the polls go on meanwhile.
      const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn("sh", ["-c", `${redoclyTarget.command} && ${bundleTarget.command}`], {
          cwd: SPEC,
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (chunk) => {
          stderr += chunk;
        });
        child.once("close", (status) => resolve({ status, stderr }));
      });
      building = false;
      await poller;
      expect(run.status, run.stderr).toBe(0);
      expect(polls).toBeGreaterThan(1);
      expect(failures).toEqual([]);
      expect(OUTPUTS.map(stamp)).toEqual(before);
      expect(run.stderr).toContain("unchanged");
    } finally {
      await prism.stop();
    }
  });

  it("writes the output when its bytes differ, and creates a missing one", () => {
    const stale = join(scratch, "stale.json");
    copyFileSync(OUTPUTS[0] as string, stale);
    writeFileSync(stale, `${readFileSync(stale, "utf8")}\n`);
    const missing = join(scratch, "new", "openapi.json");
    bundle(["-o", stale]);
    bundle(["-o", missing]);
    const fresh = readFileSync(OUTPUTS[0] as string);
    expect(readFileSync(stale).equals(fresh)).toBe(true);
    expect(readFileSync(missing).equals(fresh)).toBe(true);
  });
});
