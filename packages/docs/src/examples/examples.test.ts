// Every example a user can copy runs against a fresh sandbox and gets a documented success status.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectSandbox, type RunningServer, SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
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
  it("on the docs page all run twice in a row in one sandbox world, as a reader runs them", async () => {
    // The page's samples: the TypeScript and curl sample of every operation and the introduction's blocks.
    const examples = [
      ...typescriptSamples(root),
      ...curlSamples(model),
      ...markdownExamples(root).filter((e) => e.where.startsWith("spec/description.md:")),
    ];
    const { key } = await connectSandbox(sandbox.url).tenant();
    const options = { sandboxUrl: sandbox.url, model, key, concurrency: 1 };
    for (const round of ["first", "second"]) {
      const results = await runExamples(examples, options);
      console.log(`${round} run, ${results.length} examples:\n${report(results)}`);
      expect(
        results.filter((r) => r.outcome === "failed").map((r) => `${r.where}: ${r.detail}`),
        `${round} run`,
      ).toEqual([]);
      // One TypeScript and one curl sample per operation.
      const passed = results.filter((r) => r.outcome === "passed").map((r) => r.where);
      expect(passed.filter((w) => w.startsWith("curl sample of "))).toHaveLength(model.operations.length);
      expect(passed.filter((w) => w.startsWith("spec/code_samples/"))).toHaveLength(model.operations.length);
    }
  });

  it("in the READMEs all run against the sandbox, each in a tenant of its own (or are marked not-run)", async () => {
    const examples = markdownExamples(root).filter((e) => !e.where.startsWith("spec/description.md:"));
    const results = await runExamples(examples, { sandboxUrl: sandbox.url, model });
    console.log(`${results.length} examples:\n${report(results)}`);
    expect(results.filter((r) => r.outcome === "failed").map((r) => `${r.where}: ${r.detail}`)).toEqual([]);
    expect(results.filter((r) => r.outcome === "passed").length).toBeGreaterThan(0);
  });

  it("include a hand-written curl sample only for an operation of the spec", () => {
    const shell = readdirSync(join(root, "spec", "code_samples")).filter((name) => name.endsWith(".sh"));
    expect(shell.length).toBeGreaterThan(0);
    const ids = new Set(model.operations.map((operation) => operation.operationId));
    for (const name of shell) expect(ids, name).toContain(name.slice(0, -".sh".length));
  });

  it("send their requests to the sandbox server the spec lists", () => {
    expect(model.doc.servers?.map((server) => server.url)).toContain(SAMPLE_SERVER);
  });

  describe("fail", () => {
    let copy: string;
    beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), "examples-broken-"));
      cpSync(join(root, "spec", "code_samples"), join(copy, "spec", "code_samples"), { recursive: true });
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    /** The TypeScript sample `name` of the copy, after `edit`. */
    function editedSample(name: string, edit: (source: string) => string) {
      const file = join(copy, "spec", "code_samples", name);
      writeFileSync(file, edit(readFileSync(file, "utf8")));
      return typescriptSamples(copy).filter((e) => e.where.endsWith(name));
    }

    it("when a sample is broken (an unknown task id)", async () => {
      const taskId = SANDBOX_FIXTURES.runningTaskIds[0] as string;
      const examples = editedSample("getTask.ts", (source) => {
        expect(source).toContain(taskId);
        return source.replaceAll(taskId, "00000000-0000-4000-8000-000000000000");
      });
      const results = await runExamples(examples, { sandboxUrl: sandbox.url, model });
      expect(results).toHaveLength(1);
      expect(results[0]?.outcome, report(results)).toBe("failed");
      expect(results[0]?.detail).toMatch(/exit 1/);
    });

    it("when a sample calls the real API (no baseUrl), without the request leaving the machine", async () => {
      const examples = editedSample("listActiveTasks.ts", (source) => {
        expect(source).toContain(`baseUrl: "${SAMPLE_SERVER}", `);
        return source.replace(`baseUrl: "${SAMPLE_SERVER}", `, "");
      });
      const results = await runExamples(examples, { sandboxUrl: sandbox.url, model });
      expect(results[0]?.outcome, report(results)).toBe("failed");
      expect(results[0]?.detail).toContain(
        "calls outside the machine: GET https://api.gcore.com/cloud/v1/tasks/1/1/active",
      );
    });

    it("on the second run when a sample cannot repeat (a fixed address to add)", async () => {
      const examples = editedSample("addResellerNotificationSetting.ts", (source) =>
        source.replace(/^const email = .*$/m, 'const email = "security@reseller.example.com";'),
      );
      const { key } = await connectSandbox(sandbox.url).tenant();
      const [first, second] = [
        await runExamples(examples, { sandboxUrl: sandbox.url, model, key }),
        await runExamples(examples, { sandboxUrl: sandbox.url, model, key }),
      ];
      expect(first[0]?.outcome, report(first)).toBe("passed");
      expect(second[0]?.outcome, report(second)).toBe("failed");
      expect(second[0]?.detail).toContain("already receives failed_login notifications");
    });
  });
});
