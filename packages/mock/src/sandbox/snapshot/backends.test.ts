// A snapshot taken after the scripted flow restores into a new tenant on every backend, and `--seed-file`
// starts a sandbox from it: the same read calls answer byte for byte the same.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnBin, startBin } from "../../test-support/bin.js";
import { DURABLE_MODES, type DurableMode } from "../../test-support/durable-modes.js";
import { type Caller, readCalls, runScriptedFlow } from "../../test-support/snapshot-flow.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, startSandbox } from "../server.js";
import type { SnapshotDocument } from "./format.js";

/** A caller of the sandbox at `url` with `key`; its own origin in an answer (absolute `next` links) reads `<origin>`. */
const callerOf =
  (url: string, key: string): Caller =>
  async ({ method, path, body }) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        Authorization: `apikey ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = (await res.text()).replaceAll(url, "<origin>");
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
  };

const newTenantKey = async (url: string) =>
  (
    (await callerOf(url, SANDBOX_API_KEY)({ method: "POST", path: "/__sandbox/tenants" })).json as {
      api_key: string;
    }
  ).api_key;

/** The status and body text of the twelve read calls. */
const answersOf = async (call: Caller, taskId: string) => {
  const answers: string[] = [];
  for (const c of readCalls(taskId)) {
    const answer = await call(c);
    answers.push(`${c.method} ${c.path} → ${answer.status} ${answer.text}`);
  }
  return answers;
};

/** An answer line as data: its call and status, and its body with the state's lists in id order. */
function parsed(line: string): unknown {
  const [head = "", text = ""] = line.split(/ (?=[{[])/, 2);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (!head.includes("/__sandbox/state")) return { head, body };
  const order = (a: { id?: unknown }, b: { id?: unknown }) => String(a.id).localeCompare(String(b.id));
  const lists = Object.entries(body as Record<string, { id?: unknown }[]>);
  return { head, body: Object.fromEntries(lists.map(([kind, list]) => [kind, [...list].sort(order)])) };
}

const MEMORY: DurableMode = {
  name: "memory",
  create: async () => ({ options: {}, flags: [], remove: async () => undefined }),
};

const STATE_FILE: DurableMode = {
  name: "a state file (--state-file)",
  async create() {
    const folder = mkdtempSync(join(tmpdir(), "snapshot-state-"));
    const file = join(folder, "state.json");
    return {
      options: { stateFile: file },
      flags: ["--state-file", file],
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  },
};

let snapshot: SnapshotDocument;
let taskId: string;
let expected: string[];
const dir = mkdtempSync(join(tmpdir(), "snapshot-test-"));

beforeAll(async () => {
  const source = await startSandbox({ validateResponses: true });
  try {
    const key = await newTenantKey(source.url);
    const call = callerOf(source.url, key);
    ({ bareMetalTaskId: taskId } = await runScriptedFlow(call, call));
    snapshot = (await call({ method: "GET", path: "/__sandbox/snapshot" })).json as SnapshotDocument;
    expected = await answersOf(call, taskId);
  } finally {
    await source.stop();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([MEMORY, STATE_FILE, ...DURABLE_MODES])("a snapshot restored on $name", (mode) => {
  let store: Awaited<ReturnType<DurableMode["create"]>>;
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    store = await mode.create();
  });
  afterAll(async () => {
    await sandbox?.stop();
    await store.remove();
  });

  it("answers the twelve read calls byte for byte as the world it was taken from, and with the same data after a restart", async () => {
    sandbox = await startSandbox({ ...store.options, validateResponses: true });
    const key = await newTenantKey(sandbox.url);
    const restore = await callerOf(
      sandbox.url,
      key,
    )({ method: "PUT", path: "/__sandbox/snapshot", body: snapshot });
    expect(restore.status).toBe(200);
    expect(await answersOf(callerOf(sandbox.url, key), taskId)).toEqual(expected);
    if (mode === MEMORY) return;
    await sandbox.stop();
    sandbox = await startSandbox({ ...store.options, validateResponses: true });
    // After a restart the world is the same, though not always written the same: PostgreSQL keeps rows as
    // jsonb (its own key order) and a backend gives rows back in its own order (the state's ports, instances).
    const again = await answersOf(callerOf(sandbox.url, key), taskId);
    expect(again.map(parsed)).toEqual(expected.map(parsed));
  });
});

describe("cloud-mock sandbox --seed-file", () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("starts a sandbox whose first calls answer as the snapshot's world, with every key and new tenant", async () => {
    const file = join(dir, "seed.json");
    writeFileSync(file, JSON.stringify(snapshot));
    const started = await startBin(["sandbox", "--port", "0", "--seed-file", file]);
    child = started.child;
    expect(await answersOf(callerOf(started.url, SANDBOX_API_KEY), taskId)).toEqual(expected);
    expect(await answersOf(callerOf(started.url, await newTenantKey(started.url)), taskId)).toEqual(expected);
  });

  const spoiled: [string, (doc: SnapshotDocument) => void, string][] = [
    [
      "a task whose state is not a task state",
      (doc) => {
        (doc.entities.tasks?.[0] as { state: string }).state = "DONE";
      },
      `tasks ${F.runningTaskIds[0]} at /entities/tasks/0/state: must be equal to one of the allowed values`,
    ],
    [
      "a duplicate id",
      (doc) => {
        doc.entities.securityGroups?.push(structuredClone(doc.entities.securityGroups[0]) as never);
      },
      `securityGroups ${F.securityGroupId} at /entities/securityGroups/1/id: ids are unique per kind`,
    ],
    [
      "a port on a network that does not exist",
      (doc) => {
        (doc.entities.ports?.[0] as { network_id: string }).network_id = "missing-network";
      },
      `ports ${F.portId} at /entities/ports/0/network_id: references resolve: there is no networks "missing-network"`,
    ],
  ];
  it.each(spoiled)("exits 2 with one line for %s", async (_, spoil, line) => {
    const doc = structuredClone(snapshot);
    spoil(doc);
    const file = join(dir, "spoiled.json");
    writeFileSync(file, JSON.stringify(doc));
    const run = spawnBin(["sandbox", "--port", "0", "--seed-file", file]);
    const code = await new Promise<number | null>((resolve) => run.child.once("exit", resolve));
    expect(code).toBe(2);
    expect(run.err().trim().split("\n")).toHaveLength(1);
    expect(run.err()).toContain(line);
    expect(run.out()).toBe("");
  });
});
