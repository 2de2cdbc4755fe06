// onDeprecated against the real sandbox, which answers the deprecated updateSecurityGroup with Deprecation and
// a successor Link; and the header readings on a plain server of the test's own.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connectSandbox, type RunningSandbox, type SandboxTenant, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCloudClient } from "./create-client.js";
import type { DeprecationNotice } from "./deprecation.js";

let sandbox: RunningSandbox;
let t: SandboxTenant;
beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true });
  t = await connectSandbox(sandbox.url).tenant();
});
afterAll(() => sandbox.stop());

describe("onDeprecated against the sandbox", () => {
  it("reports the deprecated security group update once for many calls, with its successor, and nothing else", async () => {
    const notices: DeprecationNotice[] = [];
    const log = vi.spyOn(console, "log");
    const client = createCloudClient({
      baseUrl: sandbox.url,
      apiKey: t.key,
      onDeprecated: (n) => notices.push(n),
    });
    const path = {
      project_id: t.ids.project_id,
      region_id: t.ids.region_id,
      group_id: t.ids.security_group_id,
    };
    for (const name of ["web-1", "web-2", "web-3"]) {
      const { data, response } = await client.PATCH(
        "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}",
        {
          params: { path },
          body: { name },
        },
      );
      expect(data?.name).toBe(name);
      expect(response.headers.get("deprecation")).toMatch(/^@\d+$/);
    }
    const v2 = await client.PATCH("/cloud/v2/security_groups/{project_id}/{region_id}/{group_id}", {
      params: { path },
      body: { name: "web-4" },
    });
    expect(v2.data?.tasks).toHaveLength(1);
    await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: v2.data?.tasks[0] as string } },
    });
    expect(notices).toEqual([
      {
        operationId: "updateSecurityGroup",
        method: "PATCH",
        path: "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}",
        deprecatedAt: new Date("2026-05-27T00:00:00Z"),
        successor: `/cloud/v2/security_groups/${path.project_id}/${path.region_id}/${path.group_id}`,
        sunset: undefined,
      },
    ]);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("reports again for a second client, and never without a hook", async () => {
    const path = {
      project_id: t.ids.project_id,
      region_id: t.ids.region_id,
      group_id: t.ids.security_group_id,
    };
    const seen: string[] = [];
    for (const hook of [
      (n: DeprecationNotice) => seen.push(n.path),
      (n: DeprecationNotice) => seen.push(n.path),
      undefined,
    ]) {
      const client = createCloudClient({
        baseUrl: sandbox.url,
        apiKey: t.key,
        ...(hook ? { onDeprecated: hook } : {}),
      });
      const { response } = await client.PATCH(
        "/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}",
        {
          params: { path },
          body: {},
        },
      );
      expect(response.status).toBe(200);
    }
    expect(seen).toHaveLength(2);
  });
});

describe("the headers a notice is read from", () => {
  let server: Server;
  let url: string;
  let headers: Record<string, string> = {};
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", ...headers });
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    [
      "Sunset, and the successor among other links",
      {
        deprecation: "@1779840000",
        sunset: "Wed, 30 Jun 2027 00:00:00 GMT",
        link: '</docs>; rel="deprecation", <https://api.example.com/v2/x>; rel="successor-version"',
      },
      {
        deprecatedAt: new Date(1779840000_000),
        sunset: new Date("2027-06-30T00:00:00Z"),
        successor: "https://api.example.com/v2/x",
      },
    ],
    [
      "an unreadable date and no successor",
      { deprecation: "true", link: '</docs>; rel="deprecation"' },
      { deprecatedAt: undefined, sunset: undefined, successor: undefined },
    ],
  ])("%s", async (_, sent, expected) => {
    headers = sent;
    let notice: DeprecationNotice | undefined;
    const client = createCloudClient({ baseUrl: url, apiKey: "k", onDeprecated: (n) => (notice = n) });
    const { error } = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "t" } } });
    expect(error).toBeUndefined();
    expect(notice).toEqual({
      operationId: "getTask",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      ...expected,
    });
  });

  it("a hook that throws costs the call nothing", async () => {
    headers = { deprecation: "@0" };
    const client = createCloudClient({
      baseUrl: url,
      apiKey: "k",
      onDeprecated: () => {
        throw new Error("hook broke");
      },
    });
    const { response } = await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: "t" } },
    });
    expect(response.status).toBe(200);
  });
});
