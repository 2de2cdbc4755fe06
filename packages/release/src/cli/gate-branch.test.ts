import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { harOf } from "../test-support/har.js";
import { gate, workspace, write } from "../test-support/workspace.js";

/** A task whose `id` is required and whose `state` is a string; each edit below changes one of them. */
function released() {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/tasks/{id}": {
        get: {
          operationId: "getTask",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": {
              description: "the task",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Task" } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Task: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "string" }, state: { type: "string" } },
        },
      },
    },
  };
}
type Doc = ReturnType<typeof released>;

/** Already on main since the release: `id` may be missing from an answer (an error, pending). */
function onMain(): Doc {
  const doc = released();
  doc.components.schemas.Task.required = [];
  return doc;
}

/** What the branch adds: `state` may now be a number (another error). */
function onBranch(): Doc {
  const doc = onMain();
  (doc.components.schemas.Task.properties.state as { type: unknown }).type = ["string", "number"];
  return doc;
}

const MAJOR = (what: string) => `---\n"@cloud-contract/types": major\n---\n\n${what}\n`;

function git(root: string, ...args: string[]) {
  const run = spawnSync("git", ["-c", "user.name=gate", "-c", "user.email=gate@test.invalid", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout.trim();
}

/** Sets the spec's source and its bundle (the gate reads the bundle; the base is bundled from git). */
function setSpec(root: string, doc: Doc) {
  write(join(root, "spec", "openapi.yaml"), JSON.stringify(doc, null, 2));
  write(join(root, "spec", "dist", "openapi.json"), doc);
}

/** A repository whose main holds a pending break and its major changeset, and a branch `try` off it. */
function repository(): string {
  const root = workspace(released(), onMain(), { "pending-break.md": MAJOR("Pending.") });
  setSpec(root, onMain());
  write(join(root, "spec", "redocly.yaml"), "extends: []\n");
  write(join(root, ".gitignore"), "node_modules\nspec/dist\n");
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-qm", "main");
  git(root, "checkout", "-qb", "try");
  return root;
}

// Each case runs git and bundles the base with Redocly in child processes: seconds on a busy machine.
describe("the gate on a branch", () => {
  it("fails a new error without a changeset of this branch, though a pending changeset bumps the major", async () => {
    const root = repository();
    setSpec(root, onBranch());
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output.split("\n")[0]).toBe("FAILED: 1 breaking change in this branch");
    expect(output).toContain(
      "a changeset is missing: run pnpm changeset and choose @cloud-contract/types: major, @cloud-contract/client: major",
    );
    const base = git(root, "rev-parse", "main").slice(0, 12);
    expect(output).toContain(
      `this branch: the changes since its merge-base with main (${base}), no changeset of its own`,
    );
    expect(output).toContain("changes of this branch: 1 error(s), 0 warning(s), 0 info");
    expect(output).toContain(
      "error [response-type-widened] GET /tasks/{id}: type string → string | number (spec/openapi.yaml:",
    );
    expect(output).toContain(
      "pending before this branch (since the release): 1 error(s), 0 warning(s), 0 info (--verbose lists them)",
    );
    expect(output).not.toContain("response-property-became-optional");
    expect((await gate(root, "--verbose")).output).toContain(
      'error [response-property-became-optional] GET /tasks/{id}: field "id" is no longer required',
    );
    expect(output).toContain(
      "this branch: @cloud-contract/types: needs a major bump (this branch: none; version 1.0.0, at the base 1.0.0)",
    );
    expect(output).toContain(
      "pending before this branch: @cloud-contract/types: a pending changeset bumps the major",
    );
    expect(output).toMatch(/FAILED$/);
  });

  it("passes it once this branch adds a changeset that bumps the major, committed or not", async () => {
    const root = repository();
    setSpec(root, onBranch());
    write(join(root, ".changeset", "state-may-be-a-number.md"), MAJOR("`state` may be a number."));
    const untracked = await gate(root, "--format", "json");
    expect(untracked.code, untracked.output).toBe(0);
    const report = JSON.parse(untracked.output);
    expect(report.base).toMatchObject({ ref: "main", changesets: [".changeset/state-may-be-a-number.md"] });
    expect(report.findings.map((f: { rule: string; origin: string }) => [f.rule, f.origin])).toEqual([
      ["response-type-widened", "branch"],
      ["response-property-became-optional", "pending"],
    ]);
    git(root, "add", "-A");
    git(root, "commit", "-qm", "state may be a number");
    const committed = await gate(root);
    expect(committed.code, committed.output).toBe(0);
    expect(committed.output.split("\n")[0]).toBe("PASSED: 1 breaking change in this branch");
    expect(committed.output).toContain(
      "this branch: @cloud-contract/types: a changeset of this branch bumps the major",
    );
  });

  it("judges against the merge-base with --base REF", async () => {
    const root = repository();
    setSpec(root, onBranch());
    git(root, "add", "-A");
    git(root, "commit", "-qm", "state may be a number");
    // Against the branch itself nothing is new: both errors are pending, and the pending major excuses them.
    const { code, output } = await gate(root, "--base", "try");
    expect(code, output).toBe(0);
    expect(output).toContain("changes of this branch: 0 error(s), 0 warning(s), 0 info");
    expect(output).toContain("pending before this branch (since the release): 2 error(s)");
  });

  it("takes origin/main in a fresh clone, which has no main of its own", async () => {
    const origin = repository();
    const clone = mkdtempSync(join(tmpdir(), "gate-clone-"));
    try {
      git(clone, "clone", "-q", "--branch", "try", origin, ".");
      setSpec(clone, onBranch());
      const { code, output } = await gate(clone);
      expect(code, output).toBe(1);
      expect(output).toContain(
        `this branch: the changes since its merge-base with origin/main (${git(origin, "rev-parse", "main").slice(0, 12)})`,
      );
      expect(output).toContain("changes of this branch: 1 error(s)");
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it("lists a recorded answer the base already refuses as pending, and blocks only on what this branch adds", async () => {
    const root = repository();
    write(join(root, "release-gate.yaml"), "consumers:\n  teams:\n    web: block\n");
    const answer = { id: "t-1", state: "RUNNING" };
    write(
      join(root, "consumers", "web", "tasks.har"),
      harOf([{ method: "GET", url: "http://127.0.0.1:4011/tasks/t-1", status: 200, body: answer }]),
    );
    // On main already, since the release: `id` may be missing (a pending error its major excuses) — and the
    // answer web recorded is still promised. This branch leaves the spec alone: nothing blocks.
    expect((await gate(root)).code).toBe(0);
    setSpec(root, onBranch());
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain(
      "error team web, getTask (GET /tasks/{id}), consumers/web/tasks.har#0 GET /tasks/t-1 → 200",
    );
    expect(output).toContain("    response: /state now promises number | string (was string)");
    git(root, "add", "-A");
    git(root, "commit", "-qm", "state may be a number");
    // Judged against the branch itself, the same refusal was there at the base: pending, not blocking.
    const again = await gate(root, "--base", "try", "--verbose");
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain(
      "pending team web, getTask (GET /tasks/{id}), consumers/web/tasks.har#0 GET /tasks/t-1 → 200",
    );
    expect(again.output).toContain(
      "1 recorded exchange(s) refused alike at the base: pending before this branch, not blocking",
    );
    const github = await gate(root, "--base", "try", "--format", "github");
    expect(github.output).toContain(
      "::notice title=consumer web (pending before this branch)::getTask (GET /tasks/{id}), consumers/web/tasks.har#0",
    );
  });

  it("refuses a --base git does not know, in one line", async () => {
    const { code, output } = await gate(repository(), "--base", "no-such-branch");
    expect(code).toBe(2);
    expect(output).toBe("gate: --base no-such-branch: git knows no such commit");
  });

  it("outside git judges against the released spec alone and says so", async () => {
    const root = workspace(released(), onBranch(), { "pending-break.md": MAJOR("Pending.") });
    const { code, output } = await gate(root);
    expect(code, output).toBe(0);
    expect(output).toContain(`judged against the released spec only: ${root} is not a git repository`);
    expect(output).not.toContain("changes of this branch");
  });
});
