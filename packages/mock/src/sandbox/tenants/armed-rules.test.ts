// A tenant's faults and overrides are its own, through HTTP: armed for tenant A, they spoil and answer A's calls
// only; tenant B's calls of the same operations neither see them nor count against them, and B's reset leaves them.
import { expect, it } from "vitest";
import { connectSandbox } from "../../control-client/sandbox-control.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox();
const ACTIVE = `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`;
const TASK = `/cloud/v1/tasks/${F.finishedTaskId}`;

const get = (path: string, key: string) => sandboxRequest(ctx.sandbox.url, "GET", path, key);

it("spoils and answers the arming tenant's calls only, never another tenant's", async () => {
  const control = connectSandbox(ctx.sandbox.url);
  const [a, b] = [await control.tenant(), await control.tenant()];
  const fault = await a.faults.add({ operation_id: "listActiveTasks", kind: "status", status: 503 });
  const override = await a.overrides.add({ operation_id: "getTask", status: 200 });

  for (let i = 0; i < 3; i++) {
    const active = await get(ACTIVE, b.key);
    expect(active.status).toBe(200);
    expect(active.body.count).toBe(F.runningTaskIds.length);
    const task = await get(TASK, b.key);
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ id: F.finishedTaskId, state: "FINISHED" });
    expect(task.headers.get("x-sandbox-override")).toBeNull();
  }
  expect(await b.faults.list()).toEqual([]);
  expect(await b.overrides.list()).toEqual([]);
  await b.reset();
  // B's calls and reset left A's rules as they were armed: not matched, not used up, not dropped.
  expect(await a.faults.list()).toEqual([fault]);
  expect(await a.overrides.list()).toEqual([override]);

  expect((await get(ACTIVE, a.key)).status).toBe(503);
  const answered = await get(TASK, a.key);
  expect(answered.status).toBe(200);
  expect(answered.headers.get("x-sandbox-override")).toBe(override.id);
  expect(await a.faults.list()).toEqual([]);
  expect(await a.overrides.list()).toEqual([]);
});
