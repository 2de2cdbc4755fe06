// Recorded traffic turned into sandbox state: reads recorded through `record` after a flow on one sandbox
// become a seed (`cloud-mock seed-from-har`), and a sandbox started from it answers them again with no
// difference that parity sees.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  SANDBOX_FIXTURES as F,
  type RunningSandbox,
  SANDBOX_API_KEY,
  startSandbox,
} from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { startRecordProxy } from "../record/proxy.js";
import { readRecording } from "./recording.js";
import { replayForParity } from "./replay.js";

const judge = createJudge();
const mockBin = join(
  dirname(createRequire(import.meta.url).resolve("@cloud-contract/mock/package.json")),
  "bin/cloud-mock.js",
);
let work: string;
let bareMetalTask: string;

const send = async (base: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}`);
  return res.json() as Promise<Record<string, unknown>>;
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "seed-from-har-"));
  const source = await startSandbox({ port: 0 });
  try {
    // The flow, on a stopped clock: a bare metal server whose task is finished, a changed security group,
    // a new notification setting.
    await send(source.url, "POST", "/__sandbox/clock", { mode: "manual" });
    const created = await send(source.url, "POST", `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`, {
      flavor: F.bareMetalFlavor,
      image_id: F.imageId,
      interfaces: [{ type: "external" }],
    });
    bareMetalTask = (created.tasks as string[])[0] as string;
    await send(source.url, "POST", `/__sandbox/tasks/${bareMetalTask}/complete`, { state: "FINISHED" });
    await send(source.url, "PATCH", `/cloud/v1/securitygroups/1/1/${F.securityGroupId}`, {
      tags: { tier: "web" },
    });
    await send(source.url, "POST", `/iam/reselling/resellers/${F.resellerId}/notification_settings`, {
      notification_type: "failed_login",
      email: "recorded@acme.example",
    });
    // The reads, recorded: the API's, and the sandbox's state (it shows the ports and servers).
    const proxy = await startRecordProxy({ upstream: source.url, outDir: work, judge });
    for (const path of [
      `/cloud/v1/tasks/${bareMetalTask}`,
      `/cloud/v1/tasks/${F.finishedTaskId}`,
      `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`,
      `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
      `/iam/reselling/resellers/${F.otherResellerId}/notification_settings?ordering=-id`,
      "/billing/org/v1/plans/contents?limit=2",
      "/__sandbox/clock",
      "/__sandbox/state",
    ]) {
      await send(proxy.url, "GET", path);
    }
    await proxy.stop();
  } finally {
    await source.stop();
  }
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("cloud-mock seed-from-har", () => {
  let target: RunningSandbox | undefined;
  afterAll(async () => {
    await target?.stop();
  });

  it("makes a seed whose sandbox answers the recorded reads with no parity difference", async () => {
    const har = readdirSync(work).find((name) => name.endsWith(".har")) as string;
    const seedFile = join(work, "seed.json");
    const run = spawnSync(process.execPath, [mockBin, "seed-from-har", join(work, har), "--out", seedFile], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "not placed: GET /billing/org/v1/plans/contents (listPlanContents answers no entity kind)",
    );

    target = await startSandbox({ port: 0, seedFile });
    const recording = readRecording([work], judge);
    expect(recording.exchanges.length).toBe(6);
    const result = await replayForParity(
      recording,
      { baseUrl: target.url, apiKey: SANDBOX_API_KEY, fetch: (r: Request) => fetch(r) },
      judge,
      "none",
    );
    expect(result.differences).toEqual([]);
    expect(result.exchanges).toBe(6);
    // The recorded answers themselves come back (parity compares fields and types); the plan catalogue's
    // absolute links name the server that answered, so it is left to parity.
    for (const exchange of recording.exchanges.filter((x) => x.operationId !== "listPlanContents")) {
      const query = new URLSearchParams(exchange.query).toString();
      const res = await fetch(`${target.url}${exchange.path}${query ? `?${query}` : ""}`, {
        headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
      });
      expect(await res.json()).toEqual(exchange.body);
    }
  });
});
