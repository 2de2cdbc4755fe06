import { describe, expect, it } from "vitest";
import { type Caller, readCalls, runScriptedFlow } from "../../test-support/snapshot-flow.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { createSandbox, type InProcessSandbox } from "../in-process.js";
import type { SnapshotDocument } from "./format.js";

/** A caller of the in-process sandbox with `key`. */
const callerOf =
  (sandbox: InProcessSandbox, key: string): Caller =>
  async ({ method, path, body }) => {
    const res = await sandbox.fetch(`http://sandbox${path}`, {
      method,
      headers: {
        Authorization: `apikey ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
  };

/** The status and body text of every read call. */
const answersOf = async (call: Caller, taskId: string) =>
  Promise.all(readCalls(taskId).map(async (c) => `${(await call(c)).status} ${(await call(c)).text}`));

async function flowSnapshot(sandbox: InProcessSandbox) {
  const source = await sandbox.control.tenant();
  const call = callerOf(sandbox, source.key);
  const { bareMetalTaskId } = await runScriptedFlow(call, call);
  return { source, call, bareMetalTaskId, snapshot: await source.snapshot() };
}

describe("tenant snapshots (in process)", () => {
  it("restores a world into another tenant: the same answers, the running task ends after its remaining time", async () => {
    const sandbox = createSandbox();
    const { source, call, bareMetalTaskId, snapshot } = await flowSnapshot(sandbox);
    expect(snapshot).toMatchObject({ format: "cloud-contract-sandbox-snapshot", version: 1, seed: 1 });
    expect(snapshot.clock.mode).toBe("manual");
    expect(snapshot.pending_tasks).toEqual([
      expect.objectContaining({ remaining_ms: 200, outcome: expect.objectContaining({ state: "FINISHED" }) }),
    ]);

    const target = await sandbox.control.tenant();
    const copy = callerOf(sandbox, target.key);
    await target.restore(snapshot);
    expect(await answersOf(copy, bareMetalTaskId)).toEqual(await answersOf(call, bareMetalTaskId));
    expect(await target.snapshot()).toEqual(snapshot);

    // The pending task ends in both worlds once their clocks pass its remaining time.
    const pendingId = snapshot.pending_tasks?.[0]?.task_id as string;
    for (const tenant of [source, target]) await tenant.clock.advance(200);
    const ended = await Promise.all(
      [call, copy].map((c) => c({ method: "GET", path: `/cloud/v1/tasks/${pendingId}` })),
    );
    expect(ended[0]?.json).toMatchObject({ state: "FINISHED" });
    expect(ended[1]?.text).toBe(ended[0]?.text);
    await sandbox.close();
  });

  it("replaces the world whole: a fixture the snapshot lacks is gone, and reset brings the fixtures back", async () => {
    const sandbox = createSandbox();
    const tenant = await sandbox.control.tenant();
    const snapshot = await tenant.snapshot();
    const { tasks = [] } = snapshot.entities;
    await tenant.restore({ ...snapshot, entities: { ...snapshot.entities, tasks: tasks.slice(1) } });
    const call = callerOf(sandbox, tenant.key);
    expect((await call({ method: "GET", path: `/cloud/v1/tasks/${F.runningTaskIds[0]}` })).status).toBe(404);
    await tenant.reset();
    expect((await call({ method: "GET", path: `/cloud/v1/tasks/${F.runningTaskIds[0]}` })).status).toBe(200);
    await sandbox.close();
  });

  it("carries the armed faults and overrides, armed anew in the restored tenant; one off the contract is refused", async () => {
    const sandbox = createSandbox();
    const source = await sandbox.control.tenant();
    await source.faults.add({
      operation_id: "getTask",
      kind: "status",
      status: 503,
      times: 2,
      retry_after_s: 1,
    });
    await source.faults.add({ kind: "latency", latency: { p50_ms: 1, p99_ms: 2 }, times: 3, seed: 7 });
    await source.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    const snapshot = await source.snapshot();
    expect(snapshot.faults).toHaveLength(2);
    expect(snapshot.overrides).toHaveLength(1);

    const target = await sandbox.control.tenant();
    await target.restore(snapshot);
    const strip = ({ id: _, ...rest }: { id: string }) => rest;
    expect((await target.faults.list()).map(strip)).toEqual((await source.faults.list()).map(strip));
    expect((await target.overrides.list()).map(strip)).toEqual((await source.overrides.list()).map(strip));
    const call = callerOf(sandbox, target.key);
    const answer = await call({ method: "GET", path: `/cloud/v1/tasks/${F.finishedTaskId}` });
    expect(answer.status).toBe(503);

    const spoiled = structuredClone(snapshot);
    (spoiled.overrides?.[0] as { status: number }).status = 418;
    const refused = await call({ method: "PUT", path: "/__sandbox/snapshot", body: spoiled });
    expect(refused.status).toBe(400);
    expect((refused.json as { info: { problems: { pointer: string }[] } }).info.problems).toEqual([
      expect.objectContaining({
        entity: `overrides ${snapshot.overrides?.[0]?.id}`,
        pointer: "/overrides/0/status",
      }),
    ]);
    expect(() => createSandbox({ seed: snapshot })).toThrow(/\/faults: a seed starts tenants without faults/);
    await sandbox.close();
  });

  const broken: [
    string,
    (doc: SnapshotDocument) => void,
    { entity?: string; pointer: string; rule: RegExp },
  ][] = [
    [
      "a task whose state is not a task state",
      (doc) => {
        (doc.entities.tasks?.[0] as { state: string }).state = "DONE";
      },
      { entity: `tasks ${F.runningTaskIds[0]}`, pointer: "/entities/tasks/0/state", rule: /allowed values/ },
    ],
    [
      "a duplicate id",
      (doc) => {
        doc.entities.tasks?.push({
          ...(doc.entities.tasks?.[1] as NonNullable<typeof doc.entities.tasks>[number]),
        });
      },
      { entity: `tasks ${F.runningTaskIds[1]}`, pointer: "/entities/tasks/4/id", rule: /ids are unique/ },
    ],
    [
      "a port on a network that does not exist",
      (doc) => {
        (doc.entities.ports?.[0] as { network_id: string }).network_id =
          "00000000-0000-4000-8000-000000000000";
      },
      { entity: `ports ${F.portId}`, pointer: "/entities/ports/0/network_id", rule: /no networks/ },
    ],
    [
      "a version this sandbox does not read",
      (doc) => {
        doc.version = 7;
      },
      { pointer: "/version", rule: /version 7 is not one this sandbox reads \(it reads 1\)/ },
    ],
  ];
  it.each(broken)(
    "refuses %s with a 400 naming entity, pointer and rule; nothing changes",
    async (_, spoil, expected) => {
      const sandbox = createSandbox();
      const tenant = await sandbox.control.tenant();
      const call = callerOf(sandbox, tenant.key);
      await tenant.clock.manual();
      await call({
        method: "PATCH",
        path: `/cloud/v1/securitygroups/1/1/${F.securityGroupId}`,
        body: { name: "before" },
      });
      const before = await tenant.snapshot();
      const doc = structuredClone(before);
      spoil(doc);
      const answer = await call({ method: "PUT", path: "/__sandbox/snapshot", body: doc });
      expect(answer.status).toBe(400);
      const body = answer.json as {
        message: string;
        info: { problems: { entity?: string; pointer: string; rule: string }[] };
      };
      expect(body.info.problems).toEqual([
        {
          ...(expected.entity ? { entity: expected.entity } : {}),
          pointer: expected.pointer,
          rule: expect.stringMatching(expected.rule),
        },
      ]);
      expect(body.message).toContain(expected.pointer);
      expect(await tenant.snapshot()).toEqual(before);
      await sandbox.close();
    },
  );
});
