// An integer beyond ±(2^53 − 1) that a request leaves in the state keeps its digits in every store: through a
// restart (JSON state file, LMDB data folder, PostgreSQL) and for a tenant read back from PostgreSQL's rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DurableMode, EMBEDDED, POSTGRES, STATE_FILE } from "../../test-support/durable-modes.js";
import { eventually } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../server.js";

const INT63 = "9223372036854775807";
/** The bare metal creation keeps its interfaces in the task's `data`, an unknown member of one included. */
const CREATE = `{"flavor":"${F.bareMetalFlavor}","image_id":"${F.imageId}","interfaces":[{"type":"external","x_ref":${INT63}}]}`;

async function send(sandbox: RunningSandbox, key: string, method: string, path: string, body?: string) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, text: await res.text() };
}

/** Starts a bare metal creation and answers its task's id. */
async function create(sandbox: RunningSandbox, key: string): Promise<string> {
  const res = await send(sandbox, key, "POST", `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`, CREATE);
  expect(res.status, res.text).toBe(200);
  return (JSON.parse(res.text) as { tasks: string[] }).tasks[0] as string;
}

/** The task's answer once it holds the interface (as sent), checked for the exact digits. */
async function expectExactTask(sandbox: RunningSandbox, key: string, taskId: string): Promise<void> {
  const res = await send(sandbox, key, "GET", `/cloud/v1/tasks/${taskId}`);
  expect(res.status, res.text).toBe(200);
  expect(res.text).toContain(`"x_ref":${INT63}`);
}

describe.each([STATE_FILE, EMBEDDED, POSTGRES])("exact integers in the state, $name", (mode) => {
  let store: Awaited<ReturnType<DurableMode["create"]>>;
  const start = (extra: SandboxOptions = {}) =>
    startSandbox({ ...store.options, validateResponses: true, taskDelayMs: 50, ...extra });
  beforeAll(async () => {
    store = await mode.create();
  });
  afterAll(async () => {
    await store.remove();
  });

  it("keeps the digits in the answer, the state export and across a restart", async () => {
    const first = await start();
    let tenantKey = "";
    let ours = "";
    let theirs = "";
    try {
      ours = await create(first, SANDBOX_API_KEY);
      const tenant = await send(first, SANDBOX_API_KEY, "POST", "/__sandbox/tenants");
      tenantKey = (JSON.parse(tenant.text) as { api_key: string }).api_key;
      theirs = await create(first, tenantKey);
      await expectExactTask(first, SANDBOX_API_KEY, ours);
      const state = await send(first, SANDBOX_API_KEY, "GET", "/__sandbox/state");
      expect(state.text).toContain(`"x_ref":${INT63}`);
      // The task finishes (a write of its own) and still holds the interface as sent.
      await eventually(async () => {
        const res = await send(first, SANDBOX_API_KEY, "GET", `/cloud/v1/tasks/${ours}`);
        return res.text.includes('"state":"FINISHED"') ? res : undefined;
      });
      await expectExactTask(first, SANDBOX_API_KEY, ours);
    } finally {
      await first.stop();
    }
    const second = await start();
    try {
      await expectExactTask(second, SANDBOX_API_KEY, ours);
      await expectExactTask(second, tenantKey, theirs);
    } finally {
      await second.stop();
    }
  });
});
