import { readFile } from "node:fs/promises";
import { loadDocument, openDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { renderFacts, renderOperationIds } from "../scripts/facts.mjs";
import { factsFile, operationIdsFile } from "../scripts/generate.mjs";
import { COMMA_JOINED_PARAMS, PAGE_SIZE_LIMITS } from "./index.js";
import { OPERATION_IDS } from "./operation-ids.js";

describe("src/facts.ts and src/operation-ids.ts", () => {
  it.each([
    [factsFile, renderFacts],
    [operationIdsFile, renderOperationIds],
  ])(
    "%s is what the generation makes of the current bundle (run `pnpm generate` if not)",
    async (file, render) => {
      const committed = await readFile(file, "utf8");
      expect(committed === render(), `${file} is stale: run \`pnpm generate\` and commit it`).toBe(true);
      expect(committed.startsWith("/**\n * Generated from @cloud-contract/spec")).toBe(true);
    },
  );

  it("names every operation of the spec by its method and path template", () => {
    const fromSpec = loadDocument().operations.map((op) => [`${op.method} ${op.path}`, op.operationId]);
    expect(Object.entries(OPERATION_IDS)).toEqual(fromSpec);
  });

  it("holds the spec's page limits and comma-joined parameters", () => {
    expect(PAGE_SIZE_LIMITS).toEqual({
      "/cloud/v1/tasks/{project_id}/{region_id}/active": 1000,
      "/billing/org/v1/plans/contents": 100,
      "/iam/reselling/resellers/{resellerId}/notification_settings": undefined,
    });
    expect(COMMA_JOINED_PARAMS).toEqual(["ordering"]);
  });

  it("follows a change of the spec: a new maximum, a new list, a new comma-joined parameter", () => {
    const doc = structuredClone(loadDocument().doc) as { paths: Record<string, Record<string, unknown>> };
    const list = doc.paths["/billing/org/v1/plans/contents"]?.get as { parameters: object[] };
    list.parameters = list.parameters.map((p) => {
      const resolved = loadDocument().resolve<{ name: string; schema: object }>(p);
      if (resolved.name === "limit") return { ...resolved, schema: { type: "integer", maximum: 50 } };
      if (resolved.name === "plan_id") return { ...resolved, explode: false };
      return p;
    });
    const text = renderFacts(openDocument(doc));
    expect(text).toContain('"/billing/org/v1/plans/contents": 50,');
    expect(text).toContain('COMMA_JOINED_PARAMS = ["ordering","plan_id"]');
  });

  it("refuses a parameter name that is comma-joined in one operation and repeated in another", () => {
    const doc = structuredClone(loadDocument().doc) as { paths: Record<string, Record<string, unknown>> };
    const tasks = doc.paths["/cloud/v1/tasks/{project_id}/{region_id}/active"]?.get as {
      parameters: object[];
    };
    tasks.parameters.push({
      name: "ordering",
      in: "query",
      schema: { type: "array", items: { type: "string" } },
    });
    expect(() => renderFacts(openDocument(doc))).toThrow(/ordering are comma-joined in one operation/);
  });
});
