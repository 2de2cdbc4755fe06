// Every example a user can copy runs against a fresh sandbox and gets a documented success status.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningServer, SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_SERVER } from "../../../../spec/docs/plugins/curl-sample.js";
import { curlSamples, markdownExamples, typescriptSamples } from "./collect.js";
import { report, runExamples } from "./run-examples.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const model = loadDocument();
let sandbox: RunningServer;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, taskDelayMs: 200 });
});
afterAll(() => sandbox?.stop());

describe("the examples", () => {
  it("all run against the sandbox with a documented success status (or are marked not-run)", async () => {
    const examples = [...typescriptSamples(root), ...curlSamples(model), ...markdownExamples(root)];
    const results = await runExamples(examples, { sandboxUrl: sandbox.url, model });
    console.log(`${results.length} examples:\n${report(results)}`);
    expect(results.filter((r) => r.outcome === "failed").map((r) => `${r.where}: ${r.detail}`)).toEqual([]);
    // One TypeScript and one curl sample per operation, and every README has its blocks counted.
    const passed = results.filter((r) => r.outcome === "passed").map((r) => r.where);
    expect(passed.filter((w) => w.startsWith("curl sample of "))).toHaveLength(model.operations.length);
    expect(passed.filter((w) => w.startsWith("spec/code_samples/"))).toHaveLength(model.operations.length);
  }, 300_000);

  it("send their requests to the sandbox server the spec lists", () => {
    expect(model.doc.servers?.map((server) => server.url)).toContain(SAMPLE_SERVER);
  });

  it("fail when a sample is broken (a temporary copy with an unknown task id)", async () => {
    const copy = mkdtempSync(join(tmpdir(), "examples-broken-"));
    try {
      cpSync(join(root, "spec", "code_samples"), join(copy, "spec", "code_samples"), { recursive: true });
      const file = join(copy, "spec", "code_samples", "getTask.ts");
      const source = readFileSync(file, "utf8");
      const taskId = SANDBOX_FIXTURES.runningTaskIds[0];
      expect(source).toContain(taskId);
      writeFileSync(file, source.replaceAll(taskId, "00000000-0000-4000-8000-000000000000"));
      const examples = typescriptSamples(copy).filter((e) => e.where.endsWith("getTask.ts"));
      const results = await runExamples(examples, { sandboxUrl: sandbox.url, model });
      expect(results).toHaveLength(1);
      expect(results[0]?.outcome, report(results)).toBe("failed");
      expect(results[0]?.detail).toMatch(/exit 1/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
