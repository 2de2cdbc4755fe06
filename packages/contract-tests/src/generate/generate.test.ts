// The generate command end to end: against the sandbox, no failure at the default size (and every
// steering goal reached); against a server that answers 500 to one input and refuses nothing, the
// failures are found, grouped by cause, each group's smallest request printed as a curl line without the
// key, saved and replayable with replay-case; the requests sent are counted. The same seed sends the
// same requests.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSandbox } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoverageModel } from "../coverage-report/model.js";
import { createJudge } from "../judge.js";
import { requestModels } from "../request-model.js";
import { cleanEnv, runShell } from "../test-support/bin.js";
import { OperationGenerator } from "./engine.js";
import { loadCase, type RequestCase } from "./request-case.js";

const bin = fileURLToPath(new URL("../../bin/contract-tests.js", import.meta.url));
const judge = createJudge();
/** The limit from which the test server fails. */
const FAILING_LIMIT = 42;

let work: string;
let server: Server;
let serverUrl: string;

function run(
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const name of Object.keys(env))
    if (name.startsWith("CONTRACT_") || name.startsWith("VITEST")) delete env[name];
  Object.assign(env, extra);
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

/** `generate` of listPlanContents against the test server. */
const listPlanContentsOnServer = () => [
  "generate",
  "--target",
  "url",
  "--base-url",
  serverUrl,
  "--operation",
  "listPlanContents",
];

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
    expect(output).toMatch(new RegExp(`${loadDocument().operations.length} passed`));
    expect(output).toMatch(
      /^reported apart: oneOf branches 100\.0% \((\d+)\/\1\), enum values 100\.0% \((\d+)\/\2\) /m,
    );
  });

  it("groups the failures by cause, each with its smallest case printed, saved and replayable; prints the requests sent", async () => {
    const reports = join(work, "failing");
    const { code, output } = await run([...listPlanContentsOnServer(), "--reports-dir", reports]);
    expect(code, output).toBe(1);
    // Three causes: valid requests answered 500, invalid ones not refused, invalid ones answered 500.
    expect(output).toMatch(
      /listPlanContents: \d+ failing generated case\(s\) of \d+ requests, 3 cause\(s\):/,
    );
    expect(output).toMatch(
      /3\. invalid request → 5xx — 1 failing case\(s\); the smallest \(breaks maximum 100 at query\/limit\)/,
    );
    expect(output).toMatch(/1\. valid request → 5xx — \d+ failing case\(s\); the smallest/);
    // Each failure is printed once, without code frames of the suite's own files.
    expect(output.match(/1\. valid request → 5xx/g)).toHaveLength(1);
    expect(output).not.toMatch(/\.ts:\d+:\d+|harness\.ts/);
    expect(output).toMatch(/2\. invalid request → 2xx — \d+ failing case\(s\); the smallest/);
    // The run had no key from a variable: the curl line names none.
    expect(output).toContain(
      `curl -sS -X GET '${serverUrl}/billing/org/v1/plans/contents?limit=${FAILING_LIMIT}' -H 'Authorization: apikey <key>'`,
    );
    const sent = /generated requests sent: (\d+) \(listPlanContents (\d+)\)/.exec(output);
    expect(Number(sent?.[1])).toBeGreaterThan(30);
    expect(sent?.[2]).toBe(sent?.[1]);

    // One saved case per cause, in the run's folder, one folder per operation.
    const dir = join(reports, "cases", "generated-url", "listPlanContents");
    const saved = readdirSync(dir).sort();
    expect(saved).toEqual([
      "1-valid-request-5xx.json",
      "2-invalid-request-2xx.json",
      "3-invalid-request-5xx.json",
    ]);
    const valid = loadCase(join(dir, saved[0] as string));
    expect(valid.query).toEqual([["limit", String(FAILING_LIMIT)]]);
    expect(loadCase(join(dir, saved[1] as string)).kind).toBe("invalid");

    expect(valid.target).toEqual({ kind: "url", baseUrl: serverUrl });

    // The printed hint, run as pasted: no target flags, so the case goes to the server it was saved against.
    const hint = new RegExp(`saved: ${join(dir, saved[0] as string)} — run it again with: (.+)$`, "m").exec(
      output,
    )?.[1];
    expect(hint).toBe(`node bin/contract-tests.js replay-case ${join(dir, saved[0] as string)}`);
    const replayed = await runShell(hint as string, cleanEnv({ NO_COLOR: "1" }));
    expect(replayed.code, replayed.stdout).toBe(1);
    expect(replayed.stdout).toContain(`on url ${serverUrl} → 500: a valid request got 500`);

    // Once the URL serves what keeps the contract (a sandbox), a re-run replaces every file of the earlier
    // one: no stale case or kept file.
    const fixed = await startSandbox({ port: 0 });
    try {
      const again = await run([
        ...listPlanContentsOnServer().map((arg) => (arg === serverUrl ? fixed.url : arg)),
        "--reports-dir",
        reports,
      ]);
      expect(again.code, again.output).toBe(0);
      expect(again.output.trimEnd().split("\n").at(-1)).toBe(
        "verdict: passed (1 passed, 0 failed, 0 skipped)",
      );
      expect(readdirSync(reports).sort()).toEqual([
        "generated-url.coverage.json",
        "generated-url.json",
        "generated-url.xml",
      ]);
    } finally {
      await fixed.stop();
    }
  });

  it("names the key's variable in curl lines where the run took the key from one, and sends more requests for more cases", async () => {
    const sentFor = async (cases: string, dir: string) => {
      const { output } = await run(
        [...listPlanContentsOnServer(), "--cases", cases, "--reports-dir", join(work, dir)],
        { CONTRACT_API_KEY: "from-a-variable" },
      );
      expect(output).toContain(`-H "Authorization: apikey $CONTRACT_API_KEY"`);
      expect(output).not.toContain("from-a-variable");
      return Number(/generated requests sent: (\d+)/.exec(output)?.[1]);
    };
    const few = await sentFor("2", "few");
    const many = await sentFor("40", "many");
    expect(many).toBeGreaterThan(few);
  });

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
  });
});
