import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { openContext } from "./chromium.js";
import { recordRequests } from "./network.js";
import { specDir } from "./operations.js";

/** Starts `docs:serve` on a free port, writing its page to a temporary file; resolves with its URL. */
function startServe(out: string): Promise<{ child: ChildProcess; url: string; log: string[] }> {
  const child = spawn(process.execPath, [join(specDir, "docs", "serve.mjs"), "--port", "0", "--out", out], {
    cwd: specDir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`docs:serve did not start:\n${log.join("")}`));
    }, HANG_DETECTOR_MS);
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      const match = /serving (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log.join(""));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], log });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`docs:serve exited with ${code}:\n${log.join("")}`)));
  });
}

/** Changes a spec file's modification time only: the watcher fires, the content (and nx's hash) stay. */
function touchSpec() {
  const now = new Date();
  utimesSync(join(specDir, "description.md"), now, now);
}

describe("pnpm docs:serve", () => {
  let server: Awaited<ReturnType<typeof startServe>>;
  let context: BrowserContext | undefined;
  const outDir = mkdtempSync(join(tmpdir(), "docs-serve-"));

  beforeAll(async () => {
    server = await startServe(join(outDir, "index.html"));
  });

  afterAll(async () => {
    await context?.close();
    if (server?.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    rmSync(outDir, { recursive: true, force: true });
  });

  it("listens on 127.0.0.1 only and serves the page with its live-reload hook on any path", async () => {
    expect(new URL(server.url).hostname).toBe("127.0.0.1");
    for (const path of ["", "cloud/gettask"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Cloud platform API");
      expect(html.trimEnd().endsWith("location.reload());</script></body>\n</html>")).toBe(true);
    }
  });

  it("rebuilds after a spec change and reloads the open page", async () => {
    context = await openContext();
    const requests = await recordRequests(context);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('[data-section-id="/"] h1').waitFor();
    // Give the page a moment to open its event stream before the change.
    await page.waitForTimeout(500);
    const reloaded = page.waitForEvent("load", { timeout: HANG_DETECTOR_MS });
    touchSpec();
    await reloaded;
    await page.locator('[data-section-id="/"] h1').waitFor();
    expect(server.log.join("")).toMatch(/docs: rebuilt in \d+ ms[\s\S]*docs: rebuilt in \d+ ms/);
    expect(requests.outside()).toEqual([]);
    expect(requests.all.some((url) => url.endsWith("/__reload"))).toBe(true);
  });
});

describe("pnpm docs:serve on a port that is taken", () => {
  it("says so in one line naming the port and the flag, and exits 2", async () => {
    const holder = createServer().listen(0, "127.0.0.1");
    await once(holder, "listening");
    const { port } = holder.address() as AddressInfo;
    const outDir = mkdtempSync(join(tmpdir(), "docs-serve-taken-"));
    try {
      const child = spawn(
        process.execPath,
        [join(specDir, "docs", "serve.mjs"), "--port", String(port), "--out", join(outDir, "index.html")],
        { cwd: specDir, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const [code] = await once(child, "exit");
      expect(code).toBe(2);
      expect(stderr.trim().split("\n")).toEqual([
        `docs: port ${port} on 127.0.0.1 is taken; choose another with --port (or DOCS_PORT)`,
      ]);
    } finally {
      holder.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
