// The Host check over HTTP: loopback names and addresses, the host listened on and allowHosts are served;
// any other Host (a DNS-rebound page's) is a 421 before routing, changing nothing.
import { describe, expect, it } from "vitest";
import { rawRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { allowedHosts, isAllowedHost } from "./host-check.js";

const ctx = useSandbox({ allowHosts: ["sandbox.test"] });
const KEY = { authorization: `apikey ${F.apiKey}` };

describe("the Host check", () => {
  it("refuses POST /__sandbox/reset for Host: evil.example with a 421, and the tenant keeps its change", async () => {
    const port = new URL(ctx.sandbox.url).port;
    const json = { ...KEY, "content-type": "application/json" };
    const armed = await rawRequest(
      ctx.sandbox.url,
      "POST",
      "/__sandbox/faults",
      json,
      '{"kind":"status","status":503}',
    );
    expect(armed.status).toBe(201);
    for (const host of ["evil.example", `evil.example:${port}`, "127.0.0.1.evil.example", "[::2]"]) {
      const res = await rawRequest(ctx.sandbox.url, "POST", "/__sandbox/reset", { ...KEY, host });
      expect(res.status, host).toBe(421);
      expect(JSON.parse(res.text)).toMatchObject({ exception_class: "MisdirectedRequest" });
    }
    const api = await rawRequest(ctx.sandbox.url, "GET", "/cloud/v1/regions", {
      ...KEY,
      host: "evil.example",
    });
    expect(api.status).toBe(421);
    const faults = await rawRequest(ctx.sandbox.url, "GET", "/__sandbox/faults", KEY);
    expect(JSON.parse(faults.text).count).toBe(1);
    await rawRequest(ctx.sandbox.url, "POST", "/__sandbox/reset", KEY);
  });

  it.each([
    "localhost",
    "LOCALHOST:1",
    "app.localhost:4011",
    "127.0.0.1",
    "127.1.2.3:80",
    "[::1]:4011",
    "sandbox.test:4011",
  ])("serves Host: %s", async (host) => {
    const res = await rawRequest(ctx.sandbox.url, "GET", "/__sandbox/clock", { ...KEY, host });
    expect(res.status).toBe(200);
  });

  it("serves the host it listens on, unless that is a wildcard", () => {
    expect(isAllowedHost("box.lan:4011", allowedHosts("box.lan"))).toBe(true);
    expect(isAllowedHost("10.0.0.5", allowedHosts("0.0.0.0"))).toBe(false);
    expect(isAllowedHost("10.0.0.5", allowedHosts("::", ["10.0.0.5"]))).toBe(true);
    expect(isAllowedHost("a b", allowedHosts(undefined))).toBe(false);
  });
});
