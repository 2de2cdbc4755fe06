// Serves the API reference on 127.0.0.1 and rebuilds it when anything under spec/ changes; open pages
// reload themselves after each successful build. Run: pnpm docs:serve [--port 8080] [--out FILE]
import { watch } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildDocs, defaultOutput, specDir } from "./build.mjs";

const HOST = "127.0.0.1";
/** The port whose origin a sandbox allows by default. */
const DEFAULT_PORT = 8080;
const IGNORED = /^(dist|node_modules|released)(\/|$)|(^|\/)\.|~$/;
const RELOAD_SCRIPT = `<script>new EventSource("/__reload").addEventListener("reload", () => location.reload());</script>`;

const { values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", default: process.env.DOCS_PORT ?? String(DEFAULT_PORT) },
    out: { type: "string" },
  },
});
const output = values.out ? resolve(values.out) : defaultOutput;
/** @type {Set<import("node:http").ServerResponse>} */
const listeners = new Set();

function rebuild() {
  const started = Date.now();
  try {
    buildDocs(output, { quiet: true });
    console.log(`docs: rebuilt in ${Date.now() - started} ms`);
    for (const res of listeners) res.write("event: reload\ndata: {}\n\n");
  } catch (error) {
    // Keep serving the last good page; the next save tries again.
    console.error(`docs: build failed, still serving the previous page\n${error.message}`);
  }
}

const server = createServer(async (req, res) => {
  if (req.url === "/__reload") {
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    res.write(": connected\n\n");
    listeners.add(res);
    req.on("close", () => listeners.delete(res));
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405).end();
    return;
  }
  // Every other path is the page itself: Redoc routes inside it.
  try {
    const page = await readFile(output, "utf8");
    // The inlined Redoc bundle contains "</body>" too: insert before the document's own, the last one.
    const at = page.lastIndexOf("</body>");
    const html = `${page.slice(0, at)}${RELOAD_SCRIPT}${page.slice(at)}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : html);
  } catch {
    res.writeHead(503, { "content-type": "text/plain" }).end("the docs have not been built yet\n");
  }
});

let timer;
const watcher = watch(specDir, { recursive: true }, (_event, file) => {
  const path = file ? relative(specDir, resolve(specDir, file.toString())) : "";
  if (IGNORED.test(path)) return;
  clearTimeout(timer);
  timer = setTimeout(rebuild, 150);
});

// A port that cannot be had is one line and exit 2, never a stack.
server.on("error", (error) => {
  watcher.close();
  clearTimeout(timer);
  console.error(
    error.code === "EADDRINUSE"
      ? `docs: port ${values.port} on ${HOST} is taken; choose another with --port (or DOCS_PORT)`
      : `docs: ${error.message}`,
  );
  process.exit(2);
});
// The port first, then the first build (synchronous: no request is answered before it), so a port that is taken
// is said at once.
server.listen(Number(values.port), HOST, () => {
  rebuild();
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  console.log(`docs: serving http://${HOST}:${port}/ (watching ${specDir}; Ctrl+C stops)`);
  // A running sandbox answers Try it from the default port's origin only (its allow-list).
  if (port !== DEFAULT_PORT) {
    console.log(`docs: for Try it on a running sandbox, start it with --allow-origin http://${HOST}:${port}`);
  }
});

function stop() {
  watcher.close();
  clearTimeout(timer);
  for (const res of listeners) res.end();
  server.close(() => process.exit(0));
}
// Ctrl+C, a stop request, or the terminal closing: each ends the server with exit code 0.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
