import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ID_OPTIONAL_FINGERPRINT as FINGERPRINT,
  getTaskSpec as spec,
} from "./test-support/body-operation.js";
import { workspace, write } from "./test-support/workspace.js";

const SCRIPT = fileURLToPath(new URL("../scripts/gate.mjs", import.meta.url));

function git(root: string, ...args: string[]) {
  const run = spawnSync("git", ["-c", "user.name=gate", "-c", "user.email=gate@test.invalid", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

// Each step runs the gate's script twice (the second time with nothing kept), each run in its own process as
// the CLI runs: a process reads each file once. The base is bundled with Redocly in a child process.
describe("the report kept by the bytes of its inputs", () => {
  it("is the report a run with nothing kept gives, whichever of its inputs changed since it was kept", () => {
    const root = workspace(spec(["id"]), spec([]));
    write(join(root, "spec", "redocly.yaml"), "extends: []\n");
    const kept = join(root, "node_modules", ".cache", "release-gate");
    const run = (today = "2026-06-01") => {
      const done = spawnSync(
        process.execPath,
        [SCRIPT, "--root", root, "--format", "json", "--today", today],
        { encoding: "utf8" },
      );
      if (done.status !== 0 && done.status !== 1) throw new Error(done.stderr);
      return { code: done.status, report: JSON.parse(done.stdout) };
    };
    let before = run();
    expect(before.code).toBe(1);
    expect(readdirSync(join(kept, "results")).some((f) => f.startsWith("report-"))).toBe(true);
    expect(run()).toEqual(before);
    const steps: Array<[string, () => void, string?]> = [
      [
        "the spec's source (the findings' file:line)",
        () => write(join(root, "spec", "openapi.yaml"), JSON.stringify(spec([]), null, 2)),
      ],
      [
        "a waiver",
        () =>
          write(
            join(root, "release-gate-waivers.yaml"),
            `waivers:\n  - fingerprint: "${FINGERPRINT}"\n    reason: never omitted\n    expires: 2026-07-01\n`,
          ),
      ],
      ["the day (the waiver expired)", () => {}, "2026-07-02"],
      [
        "a changeset",
        () => write(join(root, ".changeset", "id.md"), `---\n"@cloud-contract/types": major\n---\n\nid.\n`),
        "2026-07-02",
      ],
      [
        "a published package's version",
        () =>
          write(join(root, "packages", "client", "package.json"), {
            name: "@cloud-contract/client",
            version: "2.0.0",
          }),
        "2026-07-02",
      ],
      [
        "the base (a repository, its main at the candidate's spec)",
        () => {
          git(root, "init", "-q", "-b", "main");
          git(root, "add", "-A");
          git(root, "commit", "-qm", "main");
        },
        "2026-07-02",
      ],
    ];
    for (const [what, change, today] of steps) {
      change();
      const again = run(today);
      rmSync(kept, { recursive: true, force: true });
      expect(again, what).toEqual(run(today));
      expect(again, `${what}: the step changes the report`).not.toEqual(before);
      before = again;
    }
  });
});
