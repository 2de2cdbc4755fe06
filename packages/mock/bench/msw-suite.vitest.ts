// The suite the MSW benchmark times (bench/msw.mjs runs it with BENCH_PATH=msw and BENCH_PATH=direct): 100 tests,
// each on a tenant of its own with an override, calling the API through MSW's setupServer or the in-process fetch.
import { writeFileSync } from "node:fs";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sandboxHandlers } from "../dist/msw.js";
import { createSandbox } from "../dist/sandbox/in-process.js";

const TESTS = 100;
const path = process.env.BENCH_PATH === "msw" ? "msw" : "direct";
const sandbox = createSandbox();
const server = path === "msw" ? setupServer(...sandboxHandlers(sandbox)) : undefined;
/** The API's fetch of the path: the global one, read at each call (MSW patches it on listen), or the sandbox's own. */
const apiFetch = (url: string, init: RequestInit) => (server ? fetch(url, init) : sandbox.fetch(url, init));
let started = 0;

beforeAll(() => {
  server?.listen({ onUnhandledRequest: "error" });
  started = performance.now();
});
afterAll(async () => {
  const seconds = (performance.now() - started) / 1000;
  server?.close();
  await sandbox.close();
  if (process.env.BENCH_OUT)
    writeFileSync(process.env.BENCH_OUT, JSON.stringify({ path, tests: TESTS, seconds }));
});

it.each(Array.from({ length: TESTS }, (_, i) => i))(
  "test %i sees its override, then the tenant's tasks",
  async () => {
    const tenant = await sandbox.control.tenant();
    await tenant.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    const url = `https://api.gcore.com/cloud/v1/tasks/${tenant.ids.project_id}/${tenant.ids.region_id}/active`;
    const headers = { Authorization: `apikey ${tenant.key}` };
    expect(await (await apiFetch(url, { headers })).json()).toEqual({ count: 0, results: [] });
    const seeded = await (await apiFetch(url, { headers })).json();
    expect(seeded.count).toBe(tenant.ids.running_task_ids.length);
  },
);
