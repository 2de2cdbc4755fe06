// The generate command end to end: against the sandbox, no failure at the default size (and every
// steering goal reached); against a server that answers 500 to one input and refuses nothing, the
// failures are found, shrunk to minimal requests, printed as curl lines without the key, saved, and
// replayable with replay-case. The same seed sends the same requests.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoverageModel } from "../coverage-report/model.js";
import { createJudge } from "../judge.js";
import { requestModels } from "../request-model.js";
import { OperationGenerator } from "./engine.js";
import { loadCase, type RequestCase } from "./request-case.js";

const bin = fileURLToPath(new URL("../../bin/contract-tests.js", import.meta.url));
const judge = createJudge();
/** The limit from which the test server fails. */
const FAILING_LIMIT = 42;

let work: string;
let server: Server;
let serverUrl: string;

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const name of Object.keys(env))
    if (name.startsWith("CONTRACT_") || name.startsWith("VITEST")) delete env[name];
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "generate-"));
  const examples =
    loadDocument().operation("listPlanContents").responses["200"]?.content["application/json"]?.examples;
  const page = JSON.stringify(examples?.firstPage?.value);
  // Accepts every request (it refuses nothing) and fails on a limit of 42 or more.
  server = createServer((req, res) => {
    const limit = Number(new URL(req.url ?? "/", "http://x").searchParams.get("limit"));
    const failing = limit >= FAILING_LIMIT;
    res.writeHead(failing ? 500 : 200, { "content-type": "application/json" });
    res.end(failing ? JSON.stringify({ message: "Internal server error." }) : page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

describe("contract-tests generate", () => {
  it("finds no failure against the sandbox at the default size, and reaches every branch, enum value and optional field", async () => {
    const reports = join(work, "sandbox");
    const { code, output } = await run(["generate", "--target", "sandbox", "--reports-dir", reports]);
    expect(code, output.slice(-3000)).toBe(0);
    expect(output).toMatch(/12 passed/);
    expect(output).toMatch(/^coverage \d+\.\d% .*oneOf branches (\d+)\/\1, enum values (\d+)\/\2/m);
  }, 180_000);

  it("finds, shrinks, prints and saves the failures against a server that fails on one input and refuses nothing", async () => {
    const reports = join(work, "failing");
    const { code, output } = await run([
      "generate",
      "--target",
      "url",
      "--base-url",
      serverUrl,
      "--operation",
      "listPlanContents",
      "--reports-dir",
      reports,
    ]);
    expect(code, output).toBe(1);
    expect(output).toContain(
      `curl -sS -X GET '${serverUrl}/billing/org/v1/plans/contents?limit=${FAILING_LIMIT}' -H "Authorization: apikey $CONTRACT_API_KEY"`,
    );
    expect(output).not.toContain(SANDBOX_API_KEY);

    const saved = readdirSync(join(reports, "cases")).map((name) => join(reports, "cases", name));
    const cases = saved.map((file) => ({ file, c: loadCase(file) }));
    // The valid case shrinks to the one parameter and the smallest value that fails.
    const valid = cases.filter(({ c }) => c.kind === "valid");
    expect(valid.length).toBeGreaterThan(0);
    for (const { c } of valid) expect(c.query).toEqual([["limit", String(FAILING_LIMIT)]]);
    // An invalid case accepted by the server shrinks too, and still breaks the schema after shrinking.
    const aboveMaximum = cases.find(({ c }) => c.plan === "breaks maximum 100 at query/limit");
    expect(aboveMaximum?.c.query).toEqual([["limit", "101"]]);
    expect(cases.filter(({ c }) => c.kind === "invalid").length).toBeGreaterThan(1);

    const replayed = await run([
      "replay-case",
      valid[0]?.file as string,
      "--target",
      "url",
      "--base-url",
      serverUrl,
    ]);
    expect(replayed.code, replayed.output).toBe(1);
    expect(replayed.output).toContain("a valid request got 500");
  }, 120_000);

  it("sends the same requests for the same seed", async () => {
    const model = requestModels(judge.doc).find((m) => m.operationId === "listPlanContents");
    if (!model) throw new Error("listPlanContents is not in the spec");
    const once = async () => {
      const generator = new OperationGenerator(
        judge.doc,
        model,
        judge,
        createCoverageModel(judge),
        { baseUrl: serverUrl, apiKey: "k", acceptPrismProblems: false },
        { cases: 10, seed: 7, pathParams: {} },
      );
      return (await generator.run()).failures.map((f): RequestCase => f.case);
    };
    expect(await once()).toEqual(await once());
  }, 60_000);
});
