import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { gate, workspace, write } from "../test-support/workspace.js";

const MAJOR = { "breaking.md": '---\n"@cloud-contract/types": major\n---\n\nBreaking.\n' };
const ok = {
  description: "ok",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Task" } } },
};

/** Released: `getTask` deprecated with a sunset in the past, `getLegacy` with one ahead (today is 2026-06-01). */
function released() {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/tasks/{id}": {
        get: { operationId: "getTask", deprecated: true, "x-sunset": "2026-03-01", responses: { "200": ok } },
      },
      "/legacy": {
        get: {
          operationId: "getLegacy",
          deprecated: true,
          "x-sunset": "2026-12-01",
          responses: { "200": ok },
        },
      },
      "/tasks": { get: { operationId: "listTasks", responses: { "200": ok } } },
    },
    components: {
      schemas: {
        Task: {
          type: "object",
          properties: {
            id: { type: "string" },
            old_field: { type: "string", deprecated: true, "x-sunset": "2026-05-01" },
          },
        },
      },
    },
  };
}

describe("the deprecation policy", () => {
  it("lets an operation go after its sunset without a major bump", async () => {
    const doc = released();
    delete (doc.paths as Record<string, unknown>)["/tasks/{id}"];
    const { code, output } = await gate(workspace(released(), doc));
    expect(code, output).toBe(0);
    expect(output).toContain("0 error(s)");
    const json = await gate(workspace(released(), doc), "--format", "json");
    expect(JSON.parse(json.output).findings).toMatchObject([
      { rule: "operation-removed-after-sunset", level: "info" },
    ]);
  });

  it("fails an operation removed before its sunset, even with a major bump", async () => {
    const doc = released();
    delete (doc.paths as Record<string, unknown>)["/legacy"];
    const { code, output } = await gate(workspace(released(), doc, MAJOR));
    expect(code, output).toBe(1);
    expect(output).toContain("error [operation-removed-before-sunset] GET /legacy");
    expect(output).toContain("deprecation promise(s) broken");
  });

  it("passes the same removal once the sunset has come", async () => {
    const doc = released();
    delete (doc.paths as Record<string, unknown>)["/legacy"];
    const { code, output } = await gate(workspace(released(), doc), "--today", "2026-12-01");
    expect(code, output).toBe(0);
  });

  it("lets a deprecated response field go after its sunset", async () => {
    const doc = released();
    delete (doc.components.schemas.Task.properties as Record<string, unknown>).old_field;
    const { code, output } = await gate(workspace(released(), doc), "--format", "json");
    expect(code, output).toBe(0);
    const rules = JSON.parse(output).findings.map((f: { rule: string }) => f.rule);
    expect(new Set(rules)).toEqual(new Set(["response-property-removed-after-sunset"]));
  });

  it("fails a sunset moved earlier", async () => {
    const doc = released();
    doc.paths["/legacy"].get["x-sunset"] = "2026-09-01";
    const { code, output } = await gate(workspace(released(), doc, MAJOR));
    expect(code, output).toBe(1);
    expect(output).toContain("sunset moved earlier: 2026-12-01 → 2026-09-01");
  });

  it("asks the stability level's minimum notice of a new deprecation, as the policy file sets it", async () => {
    const doc = released();
    Object.assign(doc.paths["/tasks"].get, { deprecated: true, "x-sunset": "2026-07-01" });
    const root = workspace(released(), doc);
    const strict = await gate(root);
    expect(strict.code, strict.output).toBe(1);
    expect(strict.output).toContain("sunset 2026-07-01 is 30 days away; stable needs at least 180");

    write(
      join(root, "release-gate.yaml"),
      "deprecation:\n  minimumNoticeDays:\n    stable: 180\n    beta: 14\n",
    );
    Object.assign(doc.paths["/tasks"].get, { "x-stability-level": "beta" });
    write(join(root, "spec", "dist", "openapi.json"), doc);
    const beta = await gate(root);
    expect(beta.code, beta.output).toBe(0);
  });

  it("refuses a policy file it cannot read with exit 2 and one line", async () => {
    const root = workspace(released(), released());
    write(join(root, "release-gate.yaml"), "deprecation:\n  minimumNoticeDays:\n    stable: soon\n");
    const { code, output } = await gate(root);
    expect(code).toBe(2);
    expect(output).toBe(
      `gate: ${join(root, "release-gate.yaml")}: deprecation.minimumNoticeDays must map stability levels to whole days`,
    );
  });
});

describe("the deprecation policy on the API's own deprecated operation", () => {
  const bundle = () => JSON.parse(readFileSync(bundlePath(), "utf8")) as { paths: Record<string, unknown> };
  const V1 = "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}";

  it("keeps updateSecurityGroup's removal a break while it has no sunset: deprecated alone frees nothing", async () => {
    const doc = bundle();
    delete doc.paths[V1];
    const json = await gate(workspace(bundle(), doc), "--format", "json");
    expect(json.code, json.output).toBe(1);
    expect(JSON.parse(json.output).findings).toContainEqual(
      expect.objectContaining({ rule: "operation-removed", level: "error" }),
    );
  });

  it("lets it go without a major bump once a sunset it was released with has passed", async () => {
    const released = bundle();
    Object.assign((released.paths[V1] as { patch: object }).patch, { "x-sunset": "2026-03-01" });
    const doc = bundle();
    delete doc.paths[V1];
    const json = await gate(workspace(released, doc), "--format", "json");
    expect(JSON.parse(json.output).findings).toContainEqual(
      expect.objectContaining({ rule: "operation-removed-after-sunset", level: "info" }),
    );
  });
});
