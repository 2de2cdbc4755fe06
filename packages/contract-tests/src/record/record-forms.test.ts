// `contract-tests record` as a process, given raw bytes over net.connect: an absolute-form request target and
// an HTTP/1.0 request are relayed, `OPTIONS *` and an authority-form target are refused with a 400, and the
// proxy goes on to write its summary. Every credential it saw — X-Auth-Token and Authorization headers, a
// `?key=` parameter, the user and password of --upstream — is redacted wherever it shows up again (a URL
// path, a body, an answer's header or body) in the HAR, and none is printed on stdout, not even inside a
// violation that quotes the answer.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Har } from "har-format";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanEnv, startBin } from "../test-support/bin.js";

const TOKEN = "tenant-key-aaaa1111";
const QUERY_KEY = "query-key-bbbb2222";
const BEARER = "tenant-key-cccc3333";
const UPSTREAM_PASSWORD = "upstream-secret-pw";
const SECRETS = [TOKEN, QUERY_KEY, BEARER, UPSTREAM_PASSWORD];

let upstream: Server;
let upstreamPort: number;
let out: string;
const seenPaths: string[] = [];

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "record-forms-"));
  // Echoes every credential it got: in a header, and in a body (as the count of a plan-contents list,
  // which the spec refuses, so the violation quotes it).
  upstream = createServer((req, res) => {
    seenPaths.push(req.url ?? "");
    req.resume();
    req.on("end", () => {
      const echoed = `${req.url} ${req.headers["x-auth-token"] ?? ""} ${req.headers.authorization ?? ""}`;
      const body = JSON.stringify({ count: echoed, results: [] });
      res.writeHead(200, {
        "content-type": "application/json",
        "x-echo": echoed,
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(out, { recursive: true, force: true });
});

/** Sends `bytes` on a connection of its own and resolves to everything the proxy answered until it closed. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
  });
}

it("relays or refuses every request form, survives them, and redacts every credential it saw", async () => {
  const bin = startBin(
    ["record", "--upstream", `http://recorder:${UPSTREAM_PASSWORD}@127.0.0.1:${upstreamPort}`, "--out", out],
    { env: cleanEnv({ NO_COLOR: "1" }) },
  );
  const port = await new Promise<number>((resolve) => {
    bin.child.stdout?.on("data", () => {
      const found = /recording http:\/\/127\.0\.0\.1:(\d+)/.exec(bin.run.stdout);
      if (found?.[1]) resolve(Number(found[1]));
    });
  });
  const plan = "/billing/org/v1/plans/contents";
  const absolute = await raw(
    port,
    `GET http://elsewhere.example${plan}?limit=1 HTTP/1.1\r\nHost: elsewhere.example\r\nX-Auth-Token: ${TOKEN}\r\nConnection: close\r\n\r\n`,
  );
  expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
  const asterisk = await raw(port, "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n");
  expect(asterisk).toMatch(/^HTTP\/1\.1 400 /);
  const authority = await raw(port, "GET 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n");
  expect(authority).toMatch(/^HTTP\/1\.1 400 /);
  const old = await raw(port, `GET ${plan}?key=${QUERY_KEY} HTTP/1.0\r\n\r\n`);
  expect(old).toMatch(/^HTTP\/1\.[01] 200 /);
  const body = JSON.stringify({ note: `both ${TOKEN} and ${QUERY_KEY}` });
  const inPath = await raw(
    port,
    `POST /keys/${BEARER}/${TOKEN} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${BEARER}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  expect(inPath).toMatch(/^HTTP\/1\.1 200 /);
  expect(seenPaths).toEqual([`${plan}?limit=1`, `${plan}?key=${QUERY_KEY}`, `/keys/${BEARER}/${TOKEN}`]);

  bin.child.kill("SIGINT");
  const done = await bin.finished;
  expect(done.stderr).toBe("");
  expect(done.code, done.stdout).toBe(1);
  expect(done.stdout).toMatch(/recorded 3 exchanges to .*\.har/);
  expect(done.stdout).toMatch(/listPlanContents .*\/count must be integer/);
  const [file] = readdirSync(out).filter((name) => name.endsWith(".har"));
  const text = readFileSync(join(out, file as string), "utf8");
  expect((JSON.parse(text) as Har).log.entries.map((e) => e.request.method)).toEqual(["GET", "GET", "POST"]);
  for (const secret of SECRETS) {
    expect(text, secret).not.toContain(secret);
    expect(done.stdout, secret).not.toContain(secret);
  }
});
