import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gate, workspace as workspaceOf } from "../test-support/workspace.js";

const released = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/tasks/{id}": {
      get: {
        operationId: "getTask",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id"],
                  properties: { id: { type: "string" }, error: { type: "string" } },
                },
              },
            },
          },
        },
      },
    },
  },
};

const workspace = (current: unknown, changesets: Record<string, string> = {}) =>
  workspaceOf(released, current, changesets);

const MAJOR = { "breaking.md": '---\n"@cloud-contract/types": major\n---\n\nBreaking.\n' };

describe("the gate on a workspace", () => {
  it("passes when nothing changed", async () => {
    const { code, output } = await gate(workspace(released));
    expect(code, output).toBe(0);
    expect(output.split("\n")[0]).toBe("PASSED: no breaking change since the release");
  });

  it("passes an addition without any changeset, and says so in JSON", async () => {
    const doc = structuredClone(released) as typeof released & { paths: Record<string, unknown> };
    doc.paths["/tasks"] = { get: { operationId: "listTasks", responses: { "200": { description: "ok" } } } };
    const { code, output } = await gate(workspace(doc), "--format", "json");
    expect(code, output).toBe(0);
    const report = JSON.parse(output);
    expect(report.ok).toBe(true);
    expect(report.findings).toMatchObject([
      { rule: "operation-added", level: "info", operation: "GET /tasks" },
    ]);
  });

  it("fails a response field that may now be missing when no changeset asks for a major", async () => {
    const root = workspace(withoutRequiredId(), {
      "tidy-task.md": '---\n"@cloud-contract/types": minor\n---\n\nTidy the task.\n',
    });
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain(
      'error [response-property-became-optional] GET /tasks/{id}: field "id" is no longer required',
    );
    expect(output).toContain("@cloud-contract/types: needs a major bump (pending: minor");
    expect(output).toMatch(/FAILED$/);
  });

  it("passes it with a major changeset for types alone: the link carries the major to the client", async () => {
    const { code, output } = await gate(workspace(withoutRequiredId(), MAJOR));
    expect(code, output).toBe(0);
    expect(output).toContain("@cloud-contract/client: a pending changeset bumps the major");
  });

  it("says in one line that the candidate bundle is missing, exit 2", async () => {
    const root = workspace(released);
    const { code, output } = await gate(root, "--current", join(root, "nowhere.json"));
    expect(code).toBe(2);
    expect(output).toBe(
      `gate: ${join(root, "nowhere.json")} is missing: build the bundle first (nx run spec:bundle)`,
    );
  });

  it("refuses an unknown option, an unknown format, a bad date and a changelog it cannot write with exit 2 and one line", async () => {
    const root = workspace(released);
    const cases = [
      ["--bogus"],
      ["--format", "xml"],
      ["--today", "June"],
      ["--changelog", "/nonexistent/dir/c.md"],
    ];
    for (const args of cases) {
      const { code, output } = await gate(root, ...args);
      expect(code, args.join(" ")).toBe(2);
      expect(output.split("\n")[0]).toMatch(/^gate: /);
      expect(output).not.toMatch(/\n\s+at /);
    }
  });
});

describe("the gate's outputs", () => {
  const added = () => {
    const doc = structuredClone(released) as typeof released & { paths: Record<string, unknown> };
    doc.paths["/tasks"] = { get: { operationId: "listTasks", responses: { "200": { description: "ok" } } } };
    return doc;
  };

  it("--help prints the options, exit 0", async () => {
    const { code, output } = await gate(workspace(released), "--help");
    expect(code).toBe(0);
    expect(output).toMatch(/^usage: pnpm gate \[options\]/);
    for (const option of ["--build", "--base REF", "--format", "--out FILE", "--verbose", "--changelog"])
      expect(output).toContain(option);
  });

  it("--verbose lists the info findings that text otherwise only counts", async () => {
    const root = workspace(added());
    const quiet = await gate(root);
    expect(quiet.output).toContain("changes since the release: 0 error(s), 0 warning(s), 1 info");
    expect(quiet.output).not.toContain("operation-added");
    const verbose = await gate(root, "--verbose");
    expect(verbose.output).toContain("  info [operation-added] GET /tasks: operation GET /tasks added (");
  });

  it.each(["text", "json", "junit", "github", "markdown"])(
    "--out FILE writes the %s report there and nothing to stdout",
    async (format) => {
      const root = workspace(added());
      const file = join(root, `report.${format}`);
      const { code, output } = await gate(root, "--format", format, "--out", file);
      expect(code).toBe(0);
      expect(output).toBe("");
      const written = readFileSync(file, "utf8");
      expect(written).toMatch(/passed|PASSED|<testsuites|"ok": true/);
      if (format === "json") expect(JSON.parse(written).ok).toBe(true);
    },
  );

  it("refuses an --out it cannot write, in one line", async () => {
    const { code, output } = await gate(workspace(released), "--out", "/nonexistent/dir/report.txt");
    expect(code).toBe(2);
    expect(output).toBe("gate: cannot write --out /nonexistent/dir/report.txt: ENOENT");
  });
});

/** The released task with `id` required; the candidate drops the requirement. */
function withoutRequiredId() {
  const doc = structuredClone(released);
  (
    doc.paths["/tasks/{id}"].get.responses["200"].content["application/json"].schema as {
      required?: string[];
    }
  ).required = [];
  return doc;
}
