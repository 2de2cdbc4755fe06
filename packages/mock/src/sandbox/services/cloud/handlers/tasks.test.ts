import { beforeEach, describe, expect, it } from "vitest";
import { connectSandbox } from "../../../../control-client/sandbox-control.js";
import { eventually, useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../../../fixtures/ids.js";

// A test that reads a task while it runs stops the default world's clock first (a reset lets it run again):
// on a busy machine any real delay may have passed between two requests. The others poll until it ends.
const TASK_DELAY_MS = 1000;
const ctx = useSandbox({ taskDelayMs: TASK_DELAY_MS });
beforeEach(() => ctx.sandbox.reset());

const P = { project_id: F.projectId, region_id: F.regionId };
const bareMetal = (overrides: Record<string, unknown> = {}) => ({
  flavor: F.bareMetalFlavor,
  image_id: F.imageId,
  name: "db-1",
  interfaces: [{ type: "external" }, { type: "subnet", network_id: F.networkId, subnet_id: F.subnetId }],
  ...overrides,
});

async function createBareMetal(body: unknown): Promise<string> {
  const res = await ctx.api.call("createBareMetalServers", { params: P, body });
  expect(res.status).toBe(200);
  expect(res.body.tasks).toHaveLength(1);
  return res.body.tasks[0];
}

const getTask = (id: string) => ctx.api.call("getTask", { params: { task_id: id } });
const waitFinal = (id: string) =>
  eventually(async () => {
    const { body } = await getTask(id);
    return body.state === "FINISHED" || body.state === "ERROR" ? body : undefined;
  });

/** The default world's clock, stopped: its tasks run only as far as `advance` moves it. */
async function stoppedClock() {
  const { clock } = connectSandbox(ctx.sandbox.url).forKey(SANDBOX_API_KEY);
  await clock.manual();
  return clock;
}

describe("bare metal creation", () => {
  it("starts a RUNNING task that FINISHES once the delay has passed, with the instance and its ports", async () => {
    const clock = await stoppedClock();
    const id = await createBareMetal(bareMetal());
    const running = await getTask(id);
    expect(running.body).toMatchObject({
      id,
      state: "RUNNING",
      task_type: "create_bm",
      project_id: 1,
      region_id: 1,
    });
    expect(running.body.created_resources ?? null).toBeNull();
    await clock.advance(TASK_DELAY_MS - 1);
    expect((await getTask(id)).body.state).toBe("RUNNING");

    await clock.advance(1);
    const done = await waitFinal(id);
    expect(done.state).toBe("FINISHED");
    expect(done.finished_on).toEqual(expect.any(String));
    expect(done.created_resources.instances).toHaveLength(1);
    expect(done.created_resources.ports).toHaveLength(2);

    const state = ctx.sandbox.state();
    const instance = state.instances.find((i) => i.id === done.created_resources.instances[0]);
    expect(instance).toMatchObject({ name: "db-1", flavor: F.bareMetalFlavor, status: "ACTIVE" });
    for (const portId of done.created_resources.ports) {
      expect(state.ports.find((p) => p.id === portId)).toMatchObject({ instance_id: instance?.id });
    }
  });

  it.each([
    ["an unknown flavor", { flavor: F.unknownFlavor }, /Flavor bm9-does-not-exist does not exist/],
    ["a VM flavor", { flavor: F.vmFlavor }, /not a bare metal flavor/],
    ["an unknown image", { image_id: "00000000-0000-4000-8000-000000000000" }, /Image .* does not exist/],
    [
      "an unknown application template",
      { image_id: undefined, apptemplate_id: "nope" },
      /Application template nope does not exist/,
    ],
  ])("ends in ERROR with error text for %s, creating nothing", async (_name, overrides, error) => {
    const id = await createBareMetal(bareMetal(overrides));
    const done = await waitFinal(id);
    expect(done.state).toBe("ERROR");
    expect(done.error).toMatch(error);
    expect(done.created_resources ?? null).toBeNull();
    expect(ctx.sandbox.state().instances).toEqual([]);
  });

  it("names the server from name_template", async () => {
    const id = await createBareMetal(bareMetal({ name: undefined, name_template: "web-{two_ip_octets}" }));
    const done = await waitFinal(id);
    const instance = ctx.sandbox.state().instances.find((i) => i.id === done.created_resources.instances[0]);
    expect(instance?.name).toMatch(/^web-\d+-\d+$/);
  });

  it.each([
    ["no interfaces", { interfaces: [] }, "interfaces"],
    ["neither image_id nor apptemplate_id", { image_id: undefined }, "image_id"],
    ["an interface of an unknown type", { interfaces: [{ type: "wormhole" }] }, "interfaces.0"],
  ])("answers 400 (the reference documents no 422) for %s", async (_name, overrides, field) => {
    const res = await ctx.api.call("createBareMetalServers", { params: P, body: bareMetal(overrides) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
  });

  it("answers 400 naming no field for a body that is not an object", async () => {
    const res = await ctx.api.call("createBareMetalServers", { params: P, body: [bareMetal({})] as never });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Validation Error: must be object/);
    expect(res.body).not.toHaveProperty("invalid_fields");
  });

  it("answers 404 for a region the project does not have", async () => {
    const res = await ctx.api.call("createBareMetalServers", {
      params: { project_id: 1, region_id: 9 },
      body: bareMetal(),
    });
    expect(res.status).toBe(404);
  });
});

describe("allowed address pairs", () => {
  const pairs = [
    { ip_address: "192.168.10.0/24" },
    { ip_address: "10.0.0.100", mac_address: "fa:16:3e:00:00:01" },
  ];
  const put = (body: unknown, portId: string = F.portId) =>
    ctx.api.call("replacePortAllowedAddressPairs", { params: { ...P, port_id: portId }, body });

  it("returns a task that applies the pairs to the port when it finishes", async () => {
    const clock = await stoppedClock();
    const res = await put({ allowed_address_pairs: pairs });
    expect(res.status).toBe(200);
    const id = res.body.tasks[0];
    expect((await getTask(id)).body).toMatchObject({
      state: "RUNNING",
      task_type: "update_port_allowed_address_pairs",
    });
    const portBefore = ctx.sandbox.state().ports.find((p) => p.id === F.portId);
    expect(portBefore?.allowed_address_pairs).toEqual([]);
    await clock.advance(TASK_DELAY_MS);
    const done = await waitFinal(id);
    expect(done.state).toBe("FINISHED");
    expect(done.created_resources).toEqual({});
    expect(ctx.sandbox.state().ports.find((p) => p.id === F.portId)?.allowed_address_pairs).toEqual(pairs);

    const cleared = await put({ allowed_address_pairs: [] });
    await clock.advance(TASK_DELAY_MS);
    await waitFinal(cleared.body.tasks[0]);
    expect(ctx.sandbox.state().ports.find((p) => p.id === F.portId)?.allowed_address_pairs).toEqual([]);
  });

  it.each([
    [
      "11 pairs",
      { allowed_address_pairs: Array.from({ length: 11 }, (_, i) => ({ ip_address: `10.0.1.${i}` })) },
    ],
    ["a bad address", { allowed_address_pairs: [{ ip_address: "10.0.0.300" }] }],
    ["a bad MAC", { allowed_address_pairs: [{ ip_address: "10.0.0.1", mac_address: "zz:16:3e:00:00:01" }] }],
  ])("answers 400 (the reference documents no 422) for %s", async (_name, body) => {
    expect((await put(body)).status).toBe(400);
  });

  it("accepts a pair given twice (the schema states no uniqueness), and answers 404 for an unknown port", async () => {
    expect((await put({ allowed_address_pairs: [pairs[0], pairs[0]] })).status).toBe(200);
    expect((await put({ allowed_address_pairs: pairs }, "no-such-port")).status).toBe(404);
  });
});

describe("active tasks", () => {
  const list = (query: Record<string, string | number | string[]> = {}) =>
    ctx.api.call("listActiveTasks", { params: P, query });

  it("lists the seeded running tasks, and new ones until they finish", async () => {
    const seeded = await list();
    expect(seeded.body).toEqual({ count: 2, results: expect.any(Array) });
    expect(seeded.body.results.map((t: { id: string }) => t.id)).toEqual(F.runningTaskIds);

    const id = await createBareMetal(bareMetal());
    const during = await list();
    expect(during.body.count).toBe(3);
    expect(during.body.results.map((t: { id: string }) => t.id)).toContain(id);
    await waitFinal(id);
    expect((await list()).body.count).toBe(2);
  });

  it("filters by task_type (repeated), pages with limit and offset, and counts all matches", async () => {
    await createBareMetal(bareMetal());
    await createBareMetal(bareMetal({ flavor: F.unknownFlavor }));
    expect((await list({ task_type: "create_bm" })).body.count).toBe(2);
    expect((await list({ task_type: ["create_bm", "create_vm"] })).body.count).toBe(3);
    expect((await list({ task_type: "delete_vm" })).body).toEqual({ count: 0, results: [] });
    const page = await list({ limit: 2, offset: 1 });
    expect(page.body.count).toBe(4);
    expect(page.body.results.map((t: { id: string }) => t.id)).toEqual([
      F.runningTaskIds[1],
      expect.any(String),
    ]);
    expect((await list({ limit: 1 })).body.results).toHaveLength(1);
    expect((await list({ offset: 10 })).body).toEqual({ count: 4, results: [] });
  });

  it("defaults limit to 10", async () => {
    for (let i = 0; i < 10; i++) await createBareMetal(bareMetal());
    const res = await list();
    expect(res.body.count).toBe(12);
    expect(res.body.results).toHaveLength(10);
  });

  it.each([
    [{ limit: 1001 }, "limit"],
    [{ offset: -1 }, "offset"],
    [{ task_type: "make_coffee" }, "task_type"],
  ])("answers 400 (the reference documents no 422) for %o", async (query, field) => {
    const res = await list(query as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
  });

  it("answers 404 for an unknown project", async () => {
    expect((await ctx.api.call("listActiveTasks", { params: { project_id: 77, region_id: 1 } })).status).toBe(
      404,
    );
  });
});

describe("getTask", () => {
  it("reads the seeded FINISHED and ERROR tasks", async () => {
    expect((await getTask(F.finishedTaskId)).body).toMatchObject({
      state: "FINISHED",
      created_resources: { instances: expect.any(Array) },
    });
    expect((await getTask(F.errorTaskId)).body).toMatchObject({ state: "ERROR", error: expect.any(String) });
  });

  it("answers 404 for an unknown task", async () => {
    const res = await getTask("no-such-task");
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/no-such-task/);
  });

  it("answers 403 when the task belongs to a project the key is not bound to", async () => {
    const res = await ctx.api.call("getTask", {
      params: { task_id: F.finishedTaskId },
      key: F.project2ApiKey,
    });
    expect(res.status).toBe(403);
  });
});
