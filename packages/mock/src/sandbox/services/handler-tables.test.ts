import { readFileSync } from "node:fs";
import { loadDocument, openDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { handlerTableFile, renderHandlerTables } from "../../../scripts/generate-handler-tables.mjs";

describe("each service's handlers/index.ts", () => {
  it.each([...renderHandlerTables()])(
    "%s's is what the generation makes of the spec (run `pnpm generate` if not)",
    (service, fresh) => {
      const committed = readFileSync(handlerTableFile(service), "utf8");
      expect(committed === fresh, `${service}'s handler table is stale: run \`pnpm generate\``).toBe(true);
      expect(committed.startsWith("/**\n * Generated from @cloud-contract/spec")).toBe(true);
    },
  );

  it("takes a new operation from its area's topic file", () => {
    const doc = structuredClone(loadDocument().doc) as { paths: Record<string, Record<string, unknown>> };
    doc.paths["/cloud/v1/tasks/{task_id}"] = {
      ...doc.paths["/cloud/v1/tasks/{task_id}"],
      delete: { operationId: "forgetTask", "x-area": "cloud/tasks", responses: {} },
    };
    const cloud = renderHandlerTables(openDocument(doc)).get("cloud");
    expect(cloud).toContain('import { forgetTask, getTask, listActiveTasks } from "./tasks.js";');
    expect(cloud).toContain("  forgetTask,\n");
  });
});
