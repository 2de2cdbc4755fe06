import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { type RunningPrism, startPrism } from "./prism.js";
import { liveChildCount } from "./process/children.js";
import { assertDocumented } from "./test-support/spec-client.js";
import { tinySpec, writeTempSpec } from "./test-support/tiny-spec.js";

const spec = writeTempSpec(tinySpec());
afterAll(() => spec.cleanup());

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number, ms = HANG_DETECTOR_MS): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

// Two start at once here: `other` is for the test of ports and stop(), `prism` for the rest.
describe("startPrism on a small spec", () => {
  let prism: RunningPrism;
  let other: RunningPrism;
  beforeAll(async () => {
    [prism, other] = await Promise.all([
      startPrism({ specPath: spec.path, startTimeoutMs: HANG_DETECTOR_MS }),
      startPrism({ specPath: spec.path, startTimeoutMs: HANG_DETECTOR_MS }),
    ]);
  });
  afterAll(() => Promise.all([prism?.stop(), other?.stop()]));

  it("gets its own port when two start at once; each is gone after stop(), and a second stop() is harmless", async () => {
    expect(other.url).not.toBe(prism.url);
    expect(isAlive(other.pid)).toBe(true);
    await other.stop();
    await other.stop();
    expect(isAlive(other.pid)).toBe(false);
    await expect(fetch(`${other.url}/things/1`)).rejects.toThrow();
    expect((await fetch(`${prism.url}/things/1`, { headers: { Authorization: "apikey k" } })).status).toBe(
      200,
    );
  });

  it("listens on a free port of 127.0.0.1 and serves the static example", async () => {
    expect(prism.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(prism.url).not.toMatch(/:0$/);
    const res = await fetch(`${prism.url}/things/1`, { headers: { Authorization: "apikey k" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 1, results: [{ id: 1, name: "one" }] });
  });

  it("answers 401 without Authorization", async () => {
    const res = await fetch(`${prism.url}/things/1`);
    expect(res.status).toBe(401);
  });

  it("answers 422 for a body that breaks the schema", async () => {
    const res = await fetch(`${prism.url}/things/1`, {
      method: "POST",
      headers: { Authorization: "apikey k", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(res.status).toBe(422);
  });

  it("does not check the `apikey ` prefix (a documented gap)", async () => {
    const res = await fetch(`${prism.url}/things/1`, { headers: { Authorization: "Bearer whatever" } });
    expect(res.status).toBe(200);
  });
});

describe("startPrism on the bundled spec (as `pnpm mock` serves it)", () => {
  let prism: RunningPrism;
  const auth = { Authorization: "apikey any-key" };
  beforeAll(async () => {
    prism = await startPrism({ startTimeoutMs: HANG_DETECTOR_MS });
  });
  afterAll(() => prism?.stop());

  it("serves the static example of an operation", async () => {
    const res = await fetch(`${prism.url}/cloud/v1/tasks/1/1/active`, { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    assertDocumented("listActiveTasks", 200, res.headers.get("content-type"), body);
  });

  it("answers 401 without Authorization", async () => {
    const res = await fetch(`${prism.url}/cloud/v1/tasks/1/1/active`);
    expect(res.status).toBe(401);
  });

  it.each([
    ["a body missing a required field", { notification_type: "failed_login" }],
    ["a body with an unknown enum value", { notification_type: "birthday", email: "a@b.example" }],
  ])("answers 400 (the operation documents no 422) for %s", async (_name, body) => {
    const res = await fetch(`${prism.url}/iam/reselling/resellers/1020/notification_settings`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
  });

  it("answers 400 (the operation documents no 422) for a query that breaks the spec", async () => {
    const res = await fetch(`${prism.url}/cloud/v1/tasks/1/1/active?limit=5000`, { headers: auth });
    expect(res.status).toBe(400);
  });
});

describe("startPrism --dynamic on the bundled spec (bodies generated from the schemas)", () => {
  let prism: RunningPrism;
  const auth = { Authorization: "apikey any-key" };
  beforeAll(async () => {
    prism = await startPrism({ dynamic: true, startTimeoutMs: HANG_DETECTOR_MS });
  });
  afterAll(() => prism?.stop());

  // Every answer is generated and documented, and two answers differ (generated, not the static example).
  it.each([
    ["listActiveTasks", "/cloud/v1/tasks/1/1/active"],
    ["getTask", "/cloud/v1/tasks/d478ae29-dedc-4869-82f0-96104425f565"],
    ["listResellerNotificationSettings", "/iam/reselling/resellers/1020/notification_settings"],
    ["listPlanContents", "/billing/org/v1/plans/contents"],
  ])("generates a documented 200 answer for %s", async (operationId, path) => {
    const bodies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${prism.url}${path}`, { headers: auth });
      expect(res.status).toBe(200);
      const body = await res.json();
      assertDocumented(operationId, 200, res.headers.get("content-type"), body);
      bodies.push(JSON.stringify(body));
    }
    expect(bodies[0]).not.toBe(bodies[1]);
  });
});

// Prism's generator runs on faker's English build (prism-process.cts). The spec uses no `x-faker`, so a
// small one asks faker for values: a stand-in of the wrong shape answers 500 here.
describe("startPrism --dynamic with faker", () => {
  const fakerSpec = writeTempSpec({
    openapi: "3.1.0",
    info: { title: "faker", version: "1.0.0" },
    paths: {
      "/people": {
        get: {
          operationId: "getPerson",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["email", "city"],
                    additionalProperties: false,
                    properties: {
                      email: { type: "string", "x-faker": "internet.email" },
                      city: { type: "string", "x-faker": "address.city" },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  afterAll(() => fakerSpec.cleanup());

  it("generates values with faker's English locale", async () => {
    const prism = await startPrism({
      specPath: fakerSpec.path,
      dynamic: true,
      startTimeoutMs: HANG_DETECTOR_MS,
    });
    try {
      const res = await fetch(`${prism.url}/people`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { email: string; city: string };
      expect(body.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(body.city).toMatch(/^[A-Z][A-Za-z' .-]+$/);
    } finally {
      await prism.stop();
    }
  });
});

describe("the Prism process", () => {
  it("rejects with Prism's output and leaves nothing running when the spec cannot be read", async () => {
    const before = liveChildCount();
    await expect(
      startPrism({ specPath: "/nonexistent/openapi.json", startTimeoutMs: 15_000 }),
    ).rejects.toThrow(/Prism exited/);
    expect(liveChildCount()).toBe(before);
  });

  it("rejects when the wanted port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      await expect(startPrism({ specPath: spec.path, port, startTimeoutMs: 15_000 })).rejects.toThrow();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

// These start a separate node process that starts Prism through the built package (dist/), then end that
// parent in different ways: Prism must not outlive it.
describe.each([
  ["SIGTERM", "SIGTERM"],
  ["SIGINT", "SIGINT"],
  ["SIGKILL (no cleanup code runs; the stdin watchdog ends Prism)", "SIGKILL"],
] as const)("when the parent gets %s", (_name, signal) => {
  const dist = fileURLToPath(new URL("../dist/prism.js", import.meta.url));

  it("Prism is gone too", async () => {
    expect(existsSync(dist), "build the package first (nx runs build before test)").toBe(true);
    const script = [
      `import { startPrism } from ${JSON.stringify(dist)};`,
      `const p = await startPrism({ specPath: ${JSON.stringify(spec.path)} });`,
      "process.stdout.write(JSON.stringify({ pid: p.pid, url: p.url }) + '\\n');",
      "setInterval(() => {}, 1000);",
    ].join("\n");
    const parent = spawn(process.execPath, ["--input-type=module", "--eval", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        let err = "";
        parent.stdout.on("data", (c: Buffer) => {
          out += c.toString();
          if (out.includes("\n")) resolve(out.split("\n")[0] as string);
        });
        parent.stderr.on("data", (c: Buffer) => {
          err += c.toString();
        });
        parent.once("exit", (code) => reject(new Error(`parent exited early (${code}): ${err}`)));
      });
      const { pid, url } = JSON.parse(line) as { pid: number; url: string };
      expect(isAlive(pid)).toBe(true);
      expect((await fetch(`${url}/things/1`, { headers: { Authorization: "apikey k" } })).status).toBe(200);
      parent.kill(signal);
      expect(await waitUntilDead(pid)).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});
