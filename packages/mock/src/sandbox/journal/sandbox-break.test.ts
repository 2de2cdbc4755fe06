// The journal's verdict on an answer that breaks the contract: a sandbox serving a spec whose getTask answer
// asks for a field the sandbox never sends (its self-check off) answers as usual, and the journal calls the
// exchange the sandbox's break, with the pointer and the rule.
import { readFileSync } from "node:fs";
import { bundlePath, type OpenApiDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sandboxRequest } from "../../test-support/sandbox.js";
import { writeTempSpec } from "../../test-support/tiny-spec.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { type RunningSandbox, startSandbox } from "../server.js";

let sandbox: RunningSandbox;
let spec: { path: string; cleanup(): void };

beforeAll(async () => {
  const doc = JSON.parse(readFileSync(bundlePath(), "utf8")) as OpenApiDocument & {
    paths: Record<
      string,
      { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }
    >;
  };
  const ok = doc.paths["/cloud/v1/tasks/{task_id}"]?.get.responses["200"]?.content["application/json"];
  if (!ok) throw new Error("getTask's 200 is not where this test looks for it");
  ok.schema = { allOf: [ok.schema, { required: ["journal_probe"] }] };
  spec = writeTempSpec(doc);
  sandbox = await startSandbox({ specPath: spec.path, validateResponses: false });
});

afterAll(async () => {
  await sandbox?.stop();
  spec?.cleanup();
});

it("calls an answer that breaks the contract the sandbox's break, with pointer and rule", async () => {
  const task = await sandboxRequest(sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, F.apiKey);
  expect(task.status).toBe(200);
  const page = await sandboxRequest(sandbox.url, "GET", "/__sandbox/journal", F.apiKey);
  expect(page.body.entries.at(-1)).toMatchObject({
    operation_id: "getTask",
    status: 200,
    answered_by: "handler",
    verdict: {
      breach: "sandbox",
      request_violations: [],
      answer_violations: [{ in: "body", pointer: "", rule: expect.stringContaining("journal_probe") }],
    },
  });
});
