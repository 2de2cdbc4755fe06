// The proxy's verdicts: every exchange is judged on its own answer, also when the same answer comes again
// (verdicts on repeated answers are remembered, so a repeated broken answer must still count each time).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { startRecordProxy } from "./proxy.js";

const TASK_ID = "d478ae29-dedc-4869-82f0-96104425f565";
const GOOD = {
  id: TASK_ID,
  state: "FINISHED",
  task_type: "create_bm",
  user_id: 9998,
  created_on: "2026-11-21T09:15:02Z",
};
let upstream: Server;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "proxy-verdicts-"));
  upstream = createServer((req, res) => {
    const broken = req.url?.includes("broken");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(broken ? { ...GOOD, state: 7 } : GOOD));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", () => resolve()));
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

it("judges each exchange: a repeated broken answer counts every time, a good one never", async () => {
  const printed: string[] = [];
  const proxy = await startRecordProxy({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    outDir: work,
    judge: createJudge(),
    onViolation: (text) => printed.push(text),
  });
  for (const query of ["good", "broken", "good", "broken", "broken"]) {
    const answer = await fetch(`${proxy.url}/cloud/v1/tasks/${TASK_ID}?${query}`);
    expect(answer.status).toBe(200);
    await answer.text();
  }
  const summary = await proxy.stop();
  expect(summary.exchanges).toBe(5);
  expect(summary.broken).toEqual({ getTask: 3 });
  expect(printed).toHaveLength(3);
  expect(printed[2]).toMatch(/getTask[\s\S]*\/state/);
});
