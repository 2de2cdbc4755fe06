import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { gateMain } from "./gate.js";

const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));

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
                schema: { type: "object", properties: { id: { type: "string" }, error: { type: "string" } } },
              },
            },
          },
        },
      },
    },
  },
};

const write = (file: string, value: unknown) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
};

/** A throwaway workspace shaped like ours, with the repository's real .changeset/config.json. */
function workspace(current: unknown, changesets: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "gate-"));
  write(join(root, "package.json"), { name: "ws", private: true, version: "0.0.0" });
  write(join(root, "pnpm-workspace.yaml"), "packages:\n  - spec\n  - packages/*\n");
  const pkg = (dir: string, name: string, deps: Record<string, string> = {}) =>
    write(join(root, dir, "package.json"), { name, version: "1.0.0", dependencies: deps });
  pkg("spec", "@cloud-contract/spec");
  pkg("packages/types", "@cloud-contract/types", { "@cloud-contract/spec": "workspace:*" });
  pkg("packages/client", "@cloud-contract/client", { "@cloud-contract/types": "workspace:*" });
  pkg("packages/mock", "@cloud-contract/mock", { "@cloud-contract/spec": "workspace:*" });
  pkg("packages/contract-tests", "@cloud-contract/contract-tests", {
    "@cloud-contract/client": "workspace:*",
  });
  mkdirSync(join(root, ".changeset"));
  copyFileSync(join(repoRoot, ".changeset", "config.json"), join(root, ".changeset", "config.json"));
  for (const [file, text] of Object.entries(changesets)) write(join(root, ".changeset", file), text);
  write(join(root, "spec", "released", "openapi.json"), released);
  write(join(root, "spec", "released", "versions.json"), {
    "@cloud-contract/types": "1.0.0",
    "@cloud-contract/client": "1.0.0",
  });
  write(join(root, "spec", "dist", "openapi.json"), current);
  roots.push(root);
  return root;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function withoutErrorField() {
  const doc = structuredClone(released);
  delete (
    doc.paths["/tasks/{id}"].get.responses["200"].content["application/json"].schema.properties as Record<
      string,
      unknown
    >
  ).error;
  return doc;
}

async function gate(root: string) {
  const lines: string[] = [];
  const code = await gateMain(["--root", root], "/nonexistent", (l) => lines.push(l));
  return { code, output: lines.join("\n") };
}

describe("the gate on a workspace", () => {
  it("passes when nothing changed", async () => {
    const { code, output } = await gate(workspace(released));
    expect(code, output).toBe(0);
    expect(output).toContain("0 breaking, 0 non-breaking");
  });

  it("passes an addition without any changeset", async () => {
    const doc = structuredClone(released) as typeof released & { paths: Record<string, unknown> };
    doc.paths["/tasks"] = { get: { operationId: "listTasks", responses: { "200": { description: "ok" } } } };
    const { code, output } = await gate(workspace(doc));
    expect(code, output).toBe(0);
    expect(output).toContain("[operation-added] GET /tasks");
  });

  it("fails a removed response field when no changeset asks for a major", async () => {
    const root = workspace(withoutErrorField(), {
      "tidy-task.md": '---\n"@cloud-contract/types": minor\n---\n\nTidy the task.\n',
    });
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain(
      "[field-removed] GET /tasks/{id} response 200 application/json #/properties/error",
    );
    expect(output).toContain("@cloud-contract/types: needs a major bump (pending: minor");
  });

  it("lists every response field that may now be null, apart from the truncated change lists", async () => {
    const doc = structuredClone(released);
    const props = doc.paths["/tasks/{id}"].get.responses["200"].content["application/json"].schema
      .properties as Record<string, { type: unknown }>;
    for (const field of Object.values(props)) field.type = ["string", "null"];
    const { code, output } = await gate(workspace(doc));
    expect(code, output).toBe(1);
    expect(output).toContain(
      "response fields that may now be null (2; TypeScript consumers must handle null):",
    );
    expect(output).toContain("  GET /tasks/{id} response 200 application/json #/properties/id");
    expect(output).toContain("  GET /tasks/{id} response 200 application/json #/properties/error");
  });

  it("passes it with a major changeset for types alone: the link carries the major to the client", async () => {
    const root = workspace(withoutErrorField(), {
      "remove-task-error.md": '---\n"@cloud-contract/types": major\n---\n\nTask.error is gone.\n',
    });
    const { code, output } = await gate(root);
    expect(code, output).toBe(0);
    expect(output).toContain("@cloud-contract/client: a pending changeset bumps the major");
  });
});
