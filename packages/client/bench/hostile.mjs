// The hostile server's cases, each timed: how a call ends against a server that misbehaves, and how long it
// takes. The 2 GiB bodies come from a server in a child process (src/test-support/endless-body-server.mjs),
// so that the RSS growth printed is the client's alone; the other cases from a server in this process.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { createCloudClient, paginate, waitForTask } from "../dist/index.js";

const MiB = 1024 ** 2;

/** Starts the endless-body server in a child process; resolves with its URL and a stop function. */
async function startEndless() {
  const script = new URL("../src/test-support/endless-body-server.mjs", import.meta.url).pathname;
  const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve) =>
    lines.on("line", (line) => {
      const { port } = JSON.parse(line);
      if (port) resolve(`http://127.0.0.1:${port}`);
    }),
  );
  return { url, stop: () => child.stdin.end() };
}

/** A server in this process whose answer depends on the path's last segment (or region id for lists). */
async function startLiar() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const page = (n) => Array.from({ length: n }, (_, i) => ({ id: `t-${offset + i}`, state: "RUNNING" }));
    const send = (type, body, status = 200) => {
      res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
      res.end(body);
    };
    const json = (body) => send("application/json", JSON.stringify(body));
    const [, , , , a, region] = url.pathname.split("/");
    if (a === "hang") return; // headers never come
    if (a === "invalid-json") return send("application/json", '{"id":"invalid-json",');
    if (a === "html") return send("text/html", "<html><body>502 Bad Gateway</body></html>");
    if (a === "empty") return send("application/json", "");
    if (a === "wrong-type") return send("text/plain", '{"id":"wrong-type"}');
    if (region === "1")
      return json({ count: 1_000_000, results: page(10).map((t, i) => ({ ...t, id: `t-${i}` })) });
    if (region === "2") return json({ results: page(10) });
    if (region === "3") return json({ count: 3, results: page(10) });
    return json({ count: offset + 20, results: page(10) });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

/** Times one case; returns its line: name, how it ended, ms. */
async function timed(name, run) {
  const started = performance.now();
  let outcome;
  try {
    outcome = `resolved ${JSON.stringify(await run())}`;
  } catch (error) {
    outcome = `${error.name}${error.reason ? ` (${error.reason})` : ""}`;
  }
  return `  ${name.padEnd(44)} ${outcome.padEnd(36)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`;
}

export async function runHostileCases() {
  const endless = await startEndless();
  const liar = await startLiar();
  const get = (client, task_id) => client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } });
  const lines = [];
  try {
    const big = createCloudClient({ apiKey: "k", baseUrl: endless.url, retry: false });
    const rss = process.memoryUsage.rss();
    let peak = rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 2);
    lines.push(await timed("2 GiB chunked body (limit 64 MiB)", () => get(big, "chunked")));
    clearInterval(sampler);
    lines[lines.length - 1] += `  RSS +${((peak - rss) / MiB).toFixed(0)} MiB`;
    const declared = createCloudClient({ apiKey: "k", baseUrl: `${endless.url}/declared`, retry: false });
    lines.push(await timed("2 GiB declared Content-Length", () => get(declared, "declared")));
    const client = createCloudClient({ apiKey: "k", baseUrl: liar.url, retry: false });
    for (const id of ["invalid-json", "html", "empty", "wrong-type"]) {
      lines.push(await timed(`200 with ${id} body`, () => get(client, id)));
    }
    const walk =
      (region, limits = {}) =>
      async () => {
        let items = 0;
        const path = "/cloud/v1/tasks/{project_id}/{region_id}/active";
        for await (const _ of paginate(client, path, {
          params: { path: { project_id: 1, region_id: region } },
          ...limits,
        }))
          items++;
        return items;
      };
    lines.push(await timed("list that repeats its first page", walk(1)));
    lines.push(await timed("list without a count", walk(2)));
    lines.push(await timed("list with items past its count", walk(3)));
    lines.push(await timed("list without end (maxPages 1000)", walk(4)));
    lines.push(
      await timed("waitForTask, timeoutMs 1000, poll hangs", () =>
        waitForTask(client, "hang", { timeoutMs: 1000 }),
      ),
    );
  } finally {
    endless.stop();
    liar.stop();
  }
  return lines;
}
