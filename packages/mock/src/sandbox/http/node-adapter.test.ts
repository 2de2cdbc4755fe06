// The HTTP edges of the sandbox, through a real server on 127.0.0.1: a body over the limit answered 413 to
// every client that sends it whole, bytes that are not UTF-8 refused with a 400 in the service's shape, and a
// request target in absolute form served like its path.

import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import type { SandboxCore } from "./exchange.js";
import { nodeAdapter, originForm } from "./node-adapter.js";

const ctx = useSandbox();
const settings = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
const group = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const headers = { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" };

/**
 * Writes a request with `body` whole on a socket, as a simple client does, and only then reads the answer: its
 * status, or the error that ended the call (a reset connection, a write to a closed one).
 */
function upload(path: string, body: Buffer): Promise<number | string> {
  const { port, hostname } = new URL(ctx.sandbox.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on("end", () => resolve(Number(text.split(" ")[1])));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${headers.Authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.end(body);
  });
}

describe("a body over the limit", () => {
  it("is answered 413 to each of 20 clients sending 8 MiB at once (none sees a reset connection)", async () => {
    const body = Buffer.from(JSON.stringify({ email: "a@b.example", pad: "x".repeat(8 * 1024 * 1024) }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(settings, body)));
    expect(answers).toEqual(Array(20).fill(413));
    const after = await fetch(`${ctx.sandbox.url}${settings}`, { headers });
    expect(after.status).toBe(200);
  });
});

describe("a body that is not UTF-8", () => {
  // "é" as Latin-1 (0xE9) inside a JSON string, and a lone continuation byte.
  const latin1 = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
  const stray = Buffer.concat([
    Buffer.from('{"notification_type":"failed_login","email":"a'),
    Buffer.from([0x80]),
    Buffer.from('@b.example"}'),
  ]);

  it("is a 400 in the cloud service's shape, and nothing changes", async () => {
    const before = await (await fetch(`${ctx.sandbox.url}/__sandbox/state`, { headers })).json();
    const res = await fetch(`${ctx.sandbox.url}${group}`, { method: "PATCH", headers, body: latin1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "The request body is not valid UTF-8.",
      exception_class: "ValidationError",
      request_id: res.headers.get("x-request-id"),
    });
    const after = await (await fetch(`${ctx.sandbox.url}/__sandbox/state`, { headers })).json();
    expect(after.securityGroups).toEqual(before.securityGroups);
  });

  it("is a 400 in the IAM service's shape", async () => {
    const res = await fetch(`${ctx.sandbox.url}${settings}`, { method: "POST", headers, body: stray });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The request body is not valid UTF-8." });
  });

  it("while UTF-8 beyond ASCII is taken as sent", async () => {
    const res = await fetch(`${ctx.sandbox.url}${group}`, {
      method: "PATCH",
      headers,
      body: Buffer.from(JSON.stringify({ tags: { café: "☕ 日本" } })),
    });
    expect(res.status).toBe(200);
    const tags = (await res.json()).tags_v2 as { key: string; value: string }[];
    expect(tags).toContainEqual(expect.objectContaining({ key: "café", value: "☕ 日本" }));
  });
});

describe("a request target in absolute form", () => {
  /** One request written on a socket as given, and the status line of its answer. */
  function rawStatusLine(target: string): Promise<string> {
    const { port, hostname } = new URL(ctx.sandbox.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.end(
          `GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: apikey ${SANDBOX_API_KEY}\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("end", () => resolve(text.split("\r\n")[0] ?? ""));
      socket.on("error", reject);
    });
  }

  it("is served like its path and query", async () => {
    const absolute = `${ctx.sandbox.url}${settings}?limit=1`;
    expect(await rawStatusLine(absolute)).toBe("HTTP/1.1 200 OK");
    expect(await rawStatusLine(`${ctx.sandbox.url}/nope`)).toBe("HTTP/1.1 404 Not Found");
  });

  it.each([
    ["http://127.0.0.1:4011/a/b?c=1", "/a/b?c=1"],
    ["HTTPS://example.com", "/"],
    ["/a/b", "/a/b"],
    ["*", "*"],
  ])("%s → %s", (target, path) => {
    expect(originForm(target)).toBe(path);
  });
});

describe("an answer Node refuses to write, or a core that fails", () => {
  it("is a 500 in the cloud error shape, and the server answers the next call", async () => {
    let calls = 0;
    const core: SandboxCore = async () => {
      calls += 1;
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (calls === 1)
        return { status: 200, headers: { "X-Bad": "a\r\nb", "X-Request-Id": "r1" }, body: "{}" };
      if (calls === 2) throw new Error("the core broke");
      return { status: 200, headers, body: "{}" };
    };
    const server = createServer(nodeAdapter(core, 1024));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const bad = await fetch(`http://127.0.0.1:${port}/`);
      expect(bad.status).toBe(500);
      expect(await bad.json()).toMatchObject({ exception_class: "InternalServerError", request_id: "r1" });
      const broken = await fetch(`http://127.0.0.1:${port}/`);
      expect(broken.status).toBe(500);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
