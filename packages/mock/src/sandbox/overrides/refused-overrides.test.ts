// Overrides and faults the sandbox cannot serve safely are refused when armed (a 4xx, never a 500) and the
// process keeps answering; the per-tenant caps stop a flood; a store written by an earlier version that holds
// such an override starts, drops it with a notice and serves.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startBin } from "../../test-support/bin.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { MAX_FAULTS_PER_TENANT } from "../faults/arm.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { openSandboxHandler } from "../server.js";
import { MAX_OVERRIDES_PER_TENANT } from "./arm.js";

const ctx = useSandbox();
const TASK = `/cloud/v1/tasks/${F.runningTaskIds[0]}`;
const call = (method: string, path: string, key: string, body?: unknown) =>
  sandboxRequest(ctx.sandbox.url, method, path, key, body);
const newTenant = async () => (await call("POST", "/__sandbox/tenants", F.apiKey)).body.api_key as string;

const deep = (levels: number) => {
  let text = "1";
  for (let i = 0; i < levels; i++) text = `{"a":${text}}`;
  return text;
};

describe("an override Node could not write, or a client not read", () => {
  it.each<[string, Record<string, string>]>([
    ["a value with CR/LF", { "X-Note": "a\r\nSet-Cookie: x=1" }],
    ["a value with LF alone", { "X-Note": "a\nb" }],
    ["a name with a space", { "X Note": "a" }],
    ["an empty name", { "": "a" }],
    ["a value beyond Latin-1", { "X-Note": "snow ☃" }],
    ...[
      "Content-Length",
      "Transfer-Encoding",
      "Content-Encoding",
      "Connection",
      "Keep-Alive",
      "Upgrade",
      "Trailer",
    ].map((name): [string, Record<string, string>] => [
      `a ${name} header`,
      { [name]: name === "Content-Length" ? "3" : "gzip" },
    ]),
  ])("with %s is a 400 naming the header, and the next 100 calls are answered", async (_what, headers) => {
    const key = await newTenant();
    const res = await call("POST", "/__sandbox/overrides", key, {
      operation_id: "getTask",
      status: 200,
      headers,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields)[0]).toMatch(/^body\.headers/);
    expect((await call("GET", "/__sandbox/overrides", key)).body.count).toBe(0);
    const statuses = await Promise.all(Array.from({ length: 100 }, () => call("GET", TASK, key)));
    expect(statuses.every((answer) => answer.status === 200)).toBe(true);
  });

  it("with a body nested 10,000 deep is a 400, not a 500, and the process answers on", async () => {
    const key = await newTenant();
    const res = await fetch(`${ctx.sandbox.url}/__sandbox/overrides`, {
      method: "POST",
      headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
      body: `{"operation_id":"getTask","status":200,"body":${deep(10_000)}}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/deeper than 64/);
    const api = await fetch(`${ctx.sandbox.url}/cloud/v1/bminstances/${F.projectId}/${F.regionId}`, {
      method: "POST",
      headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
      body: deep(10_000),
    });
    expect(api.status).toBe(400);
    expect((await call("GET", TASK, key)).status).toBe(200);
  });
});

describe("the per-tenant caps", () => {
  it(`stop 20,000 overrides at ${MAX_OVERRIDES_PER_TENANT} with a 400 naming the cap`, async () => {
    const key = await newTenant();
    let accepted = 0;
    let refusal: { status: number; body: { message: string; exception_class: string } } | undefined;
    for (let i = 0; i < 20_000 && refusal === undefined; i++) {
      const res = await call("POST", "/__sandbox/overrides", key, {
        operation_id: "getTask",
        status: 404,
        body: { message: "gone" },
      });
      if (res.status === 201) accepted++;
      else refusal = res;
    }
    expect(accepted).toBe(MAX_OVERRIDES_PER_TENANT);
    expect(refusal?.status).toBe(400);
    expect(refusal?.body.exception_class).toBe("TooManyOverrides");
    expect(refusal?.body.message).toContain(String(MAX_OVERRIDES_PER_TENANT));
    // Another tenant is not held back by this one's overrides.
    expect(
      (
        await call("POST", "/__sandbox/overrides", await newTenant(), {
          operation_id: "getTask",
          status: 404,
        })
      ).status,
    ).toBe(201);
  });

  it(`stop faults at ${MAX_FAULTS_PER_TENANT} with a 400 naming the cap`, async () => {
    const key = await newTenant();
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAULTS_PER_TENANT; i++) {
      statuses.push(
        (
          await call("POST", "/__sandbox/faults", key, {
            kind: "status",
            status: 503,
            operation_id: "getTask",
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_FAULTS_PER_TENANT);
    const last = await call("POST", "/__sandbox/faults", key, { kind: "status", status: 503 });
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ exception_class: "TooManyFaults" });
  });
});

describe("a store holding an override an earlier version took", () => {
  it("starts, drops each such override with one line naming it, and serves the operation", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "stored-override-"));
    try {
      // Written as an earlier version did: no check of the headers on the way in.
      const earlier = await openSandboxHandler({ dataDir });
      const { armed } = earlier.tenants.defaultTenant;
      armed.overrides.push({
        id: "0f4c2a8e-1111-4222-8333-944455556666",
        operation_id: "getTask",
        status: 200,
        headers: { "X-Note": "a\r\nb" },
        times: 1000,
        match: {},
        answered: [],
        body_generated: false,
      });
      // And one whose status documents a body it does not have.
      armed.overrides.push({
        id: "1a5d3b9f-2222-4333-8444-a55566667777",
        operation_id: "getTask",
        status: 200,
        headers: {},
        times: 1000,
        match: {},
        answered: [],
        body_generated: false,
      });
      earlier.store.changed();
      await earlier.durability?.commit(earlier.store);
      await earlier.durability?.backend.close();

      const { child, url, err } = await startBin(["sandbox", "--port", "0", "--data-dir", dataDir]);
      try {
        for (const id of ["0f4c2a8e-1111-4222-8333-944455556666", "1a5d3b9f-2222-4333-8444-a55566667777"]) {
          expect(err()).toContain(`dropped stored override ${id} of tenant default`);
        }
        for (let i = 0; i < 3; i++) {
          const res = await sandboxRequest(url, "GET", TASK, F.apiKey);
          expect(res.status).toBe(200);
          expect(res.headers.get("x-sandbox-override")).toBeNull();
        }
        expect((await sandboxRequest(url, "GET", "/__sandbox/overrides", F.apiKey)).body.count).toBe(0);
        expect(child.exitCode).toBeNull();
      } finally {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
