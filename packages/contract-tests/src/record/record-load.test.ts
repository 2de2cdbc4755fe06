// The recorder under load, through the bin: 1,000 requests, 32 in flight, among them 5 MB uploads the
// upstream refuses before reading them, clients that go away mid-answer and one answer nested 5,000
// levels deep. The proxy stays up, every answered exchange is in the HAR (with the upstream's URL), and no
// key, token or password is found in it. SIGINT in the middle of that load still writes every answered
// exchange and the summary. An unreachable or silent upstream is warned about, counted and exits 2.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort } from "@cloud-contract/mock";
import type { Har } from "har-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printed, startBin } from "../test-support/bin.js";

const TOTAL = 1_000;
const IN_FLIGHT = 32;
const BIG = 5 * 1024 * 1024;
const TASK_ID = "d478ae29-dedc-4869-82f0-96104425f565";

let upstream: Server;
let upstreamUrl: string;
let work: string;

/** The upstream: answers tasks, tenants (with a key), push tokens, refuses uploads early, and one deep answer. */
function startUpstream(): Promise<Server> {
  let tenants = 0;
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      const text = typeof body === "string" ? body : JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(text);
    };
    const path = (req.url ?? "").split("?")[0];
    if (path === "/upload") return send(413, { message: "too large" }); // before reading the body
    if (path === "/silent") return; // never answers
    if (path === "/cloud/v1/tasks/deep") return send(200, `${"[".repeat(5_000)}${"]".repeat(5_000)}`);
    if (path === "/__sandbox/tenants") {
      tenants++;
      return send(201, {
        api_key: `sbx_tenant_key_${tenants}_${Math.random().toString(36).slice(2)}`,
        ids: {},
      });
    }
    if (path === "/push") {
      const token = `tok${Math.random().toString(36).slice(2)}${tenants}`;
      return send(200, { id: 7, token, push_url: `rtmp://push.example/in/7?${token}` });
    }
    if (path === "/slow-body") {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"part":"');
      setTimeout(() => res.end('rest"}'), 300).unref();
      return;
    }
    req.resume();
    req.on("end", () =>
      send(200, {
        id: TASK_ID,
        state: "FINISHED",
        task_type: "create_bm",
        user_id: 9998,
        created_on: "2026-11-21T09:15:02Z",
      }),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

interface Sent {
  n: number;
  outcome: "answered" | "aborted" | "failed";
  /** Secrets this request sent or got back. */
  secrets: string[];
}

/** One request of the mix (by its number); resolves with what happened. */
function sendOne(proxy: string, n: number, agent: Agent): Promise<Sent> {
  const key = `key-${n}-${Math.random().toString(36).slice(2)}`;
  const secrets = [key];
  let path = `/cloud/v1/tasks/${TASK_ID}`;
  let method = "GET";
  let body: Buffer | undefined;
  let abort = false;
  if (n === 504) path = "/cloud/v1/tasks/deep";
  else if (n % 50 === 0) {
    path = "/upload";
    method = "POST";
    const password = `pw-${n}-${Math.random().toString(36).slice(2)}`;
    secrets.push(password);
    body = Buffer.concat([
      Buffer.from(`{"password":"${password}","blob":"`),
      Buffer.alloc(BIG, 97),
      Buffer.from('"}'),
    ]);
  } else if (n % 25 === 1) {
    path = "/slow-body";
    abort = true;
  } else if (n % 10 === 2) {
    path = "/__sandbox/tenants";
    method = "POST";
  } else if (n % 10 === 3) path = "/push";
  return new Promise((resolve) => {
    const req = request(
      `${proxy}${path}?n=${n}`,
      {
        method,
        agent,
        headers: { authorization: `apikey ${key}`, "content-type": "application/json" },
      },
      (res) => {
        if (abort) {
          req.destroy();
          return resolve({ n, outcome: "aborted", secrets });
        }
        const parts: Buffer[] = [];
        res.on("data", (chunk: Buffer) => parts.push(chunk));
        res.on("error", () => resolve({ n, outcome: "failed", secrets }));
        res.on("end", () => {
          const text = Buffer.concat(parts).toString();
          for (const found of text.matchAll(/"(api_key|token)":"([^"]+)"/g)) secrets.push(found[2] as string);
          resolve({ n, outcome: "answered", secrets });
        });
      },
    );
    req.on("error", () => resolve({ n, outcome: abort ? "aborted" : "failed", secrets }));
    req.on("socket", quietOnReset);
    req.end(body);
  });
}

/**
 * The load's own sockets may be reset by the proxy (an early 413 while the 5 MB body is still being written,
 * or the proxy stopping): once a request has its answer, Node leaves no listener on its socket for that. This
 * test judges the proxy, so the client's sockets only ignore it.
 */
const quieted = new WeakSet<Socket>();
function quietOnReset(socket: Socket): void {
  if (quieted.has(socket)) return;
  quieted.add(socket);
  socket.on("error", () => {});
}

/** Sends requests `from`..`to`-1 with IN_FLIGHT at a time. */
async function load(
  proxy: string,
  from: number,
  to: number,
  onDone?: (done: number) => void,
): Promise<Sent[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const results: Sent[] = [];
  let next = from;
  const worker = async () => {
    while (next < to) {
      const n = next++;
      results.push(await sendOne(proxy, n, agent));
      onDone?.(results.length);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  agent.destroy();
  return results;
}

/** Starts `record`; resolves with the process and the proxy's URL. */
async function startRecord(out: string, extra: string[] = [], target = upstreamUrl) {
  const bin = startBin(["record", "--upstream", target, "--out", out, ...extra]);
  const [, url = ""] = await printed(bin, /recording (http:\/\/127\.0\.0\.1:\d+)/);
  return { ...bin, url };
}

function readEntries(out: string) {
  const [file] = readdirSync(out).filter((name) => name.endsWith(".har"));
  const text = readFileSync(join(out, file as string), "utf8");
  return { text, entries: (JSON.parse(text) as Har).log.entries };
}

/**
 * A test of "does `text` contain this secret?" for thousands of secrets. Each secret is a run of word
 * characters and dashes, so it can only stand inside such a run of the text: looking in the text's distinct
 * runs answers the same as looking in the whole HAR, and is far cheaper for the thousands of secrets of a load.
 */
function inside(text: string): (secret: string) => boolean {
  const runs = [...new Set(text.match(/[\w-]+/g) ?? [])].join(" ");
  return (secret) => {
    if (!/^[\w-]+$/.test(secret)) throw new Error(`not a run of word characters: ${secret}`);
    return runs.includes(secret);
  };
}

/** Every answered request is in the HAR (by its `n`), and no secret of any request is. */
function expectRecorded(out: string, sent: Sent[]) {
  const { text, entries } = readEntries(out);
  const recorded = new Set(entries.map((e) => new URL(e.request.url).searchParams.get("n")));
  const answered = sent.filter((s) => s.outcome === "answered");
  const missing = answered.filter((s) => !recorded.has(String(s.n))).map((s) => s.n);
  expect(missing, "answered exchanges missing from the HAR").toEqual([]);
  const leaked = sent.flatMap((s) => s.secrets).filter(inside(text));
  expect(leaked.length, `secrets in the HAR: ${leaked.slice(0, 5).join(", ")}`).toBe(0);
  for (const entry of entries) expect(entry.request.url.startsWith(`${upstreamUrl}/`)).toBe(true);
  return { entries, answered };
}

beforeAll(async () => {
  upstream = await startUpstream();
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  work = mkdtempSync(join(tmpdir(), "record-load-"));
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

describe("the recorder under load", () => {
  it("1,000 requests, 32 in flight, early refusals of 5 MB uploads, aborts and a 5,000-level answer", async () => {
    const out = join(work, "load");
    const record = await startRecord(out);
    const sent = await load(record.url, 0, TOTAL);
    // The proxy is still up after the load.
    const after = await sendOne(record.url, TOTAL + 4, new Agent()); // a plain getTask
    expect(after.outcome).toBe("answered");
    record.child.kill("SIGINT");
    const run = await record.finished;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const { entries, answered } = expectRecorded(out, [...sent, after]);
    expect(answered.length).toBeGreaterThan(900);
    expect(sent.filter((s) => s.outcome === "aborted").length).toBe(40);
    expect(run.stdout).toMatch(new RegExp(`recorded ${entries.length} exchanges to `));
    expect(run.stdout).toMatch(/\d+ requests were abandoned by their client \(not recorded\)/);
    expect(run.stdout).toMatch(/; [1-9]\d* not judged \(body cut or too deep\)/);
    const uploads = entries.filter((e) => e.request.url.includes("/upload"));
    expect(uploads.length).toBe(20);
    expect(uploads.every((e) => e.response.status === 413)).toBe(true);
  });

  it("SIGINT in the middle of the load writes every exchange answered so far, and the summary", async () => {
    const out = join(work, "sigint");
    const record = await startRecord(out);
    let signalled = false;
    const sent = await load(record.url, 0, TOTAL, (done) => {
      if (done >= 300 && !signalled) {
        signalled = true;
        record.child.kill("SIGINT");
      }
    });
    const run = await record.finished;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/recorded \d+ exchanges to /);
    const { answered } = expectRecorded(out, sent);
    expect(answered.length).toBeGreaterThanOrEqual(250);
  });
});

describe("an upstream that does not answer", () => {
  it("unreachable: each request gets a 502, one warning, the count; nothing recorded exits 2", async () => {
    const out = join(work, "unreachable");
    const record = await startRecord(out, [], `http://127.0.0.1:${await findFreePort()}`);
    const statuses = await Promise.all([1, 2, 3].map(async () => (await fetch(`${record.url}/x`)).status));
    expect(statuses).toEqual([502, 502, 502]);
    record.child.kill("SIGINT");
    const run = await record.finished;
    expect(run.code).toBe(2);
    expect(
      run.stdout.match(/^warning: upstream http:\/\/127\.0\.0\.1:\d+ unreachable: ECONNREFUSED/gm),
    ).toHaveLength(1);
    expect(run.stdout).toMatch(/^recorded 0 exchanges to /m);
    expect(run.stdout).toMatch(
      /^warning: 3 requests got no answer from the upstream \(3 unreachable, 0 timed out\)$/m,
    );
  });

  it("silent: 504 after --upstream-timeout, and SIGINT does not hang", async () => {
    const out = join(work, "silent");
    const record = await startRecord(out, ["--upstream-timeout", "300"]);
    expect((await fetch(`${record.url}/silent`)).status).toBe(504);
    const pending = fetch(`${record.url}/silent`).catch(() => undefined);
    record.child.kill("SIGINT");
    const run = await record.finished;
    await pending;
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(
      /warning: upstream http:\/\/127\.0\.0\.1:\d+ did not answer: no answer in 300 ms/,
    );
    expect(run.stdout).toMatch(/\(0 unreachable, [12] timed out\)/);
  });
});
