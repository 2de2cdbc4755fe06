// The in-process sandbox of @cloud-contract/mock in a browser: esbuild bundles a page (./in-process-page.ts)
// that imports `createSandbox` from the package's browser entry and the client, for the browser and with no
// Node module allowed, and Chromium runs it on about:blank: a tenant's bare metal create, its task RUNNING,
// the tenant's manual clock moved past the task delay, `waitForTask` → FINISHED. Nothing leaves the page.
import { fileURLToPath } from "node:url";
import { type BuildFailure, type BuildOptions, type BuildResult, build } from "esbuild";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContext } from "./chromium.js";
import type { PageRun } from "./in-process-page.js";
import { type RequestLog, recordRequests } from "./network.js";

const here = fileURLToPath(new URL(".", import.meta.url));

/** For the browser, everything bundled: an import of a Node built-in anywhere fails the build. */
const BROWSER_BUILD = {
  bundle: true,
  platform: "browser",
  format: "iife",
  write: false,
  metafile: true,
  logLevel: "silent",
} satisfies BuildOptions;

/** Inputs no browser bundle of the sandbox may hold: Node built-ins and the durable backends' drivers. */
const serverOnly = (inputs: string[]) =>
  inputs.filter((path) => path.startsWith("node:") || /(^|\/)(lmdb|pg)[@/]/.test(path));

describe("the in-process sandbox in Chromium", () => {
  let bundle: BuildResult<typeof BROWSER_BUILD>;
  let context: BrowserContext;
  let requests: RequestLog;
  let run: PageRun;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    bundle = await build({ ...BROWSER_BUILD, entryPoints: [`${here}in-process-page.ts`] });
    context = await openContext();
    requests = await recordRequests(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto("about:blank");
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
    run = await page.evaluate(() =>
      (globalThis as unknown as { runInProcessSandbox: () => Promise<PageRun> }).runInProcessSandbox(),
    );
  });

  afterAll(async () => {
    await context?.close();
  });

  it("bundles the sandbox, the spec and the client with no Node module and no durable backend", () => {
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(serverOnly(inputs)).toEqual([]);
    expect(inputs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/mock\/dist\/sandbox\/in-process\.js$/),
        expect.stringMatching(/mock\/dist\/sandbox\/compose\.js$/),
        expect.stringMatching(/mock\/dist\/control\/openapi\.json$/),
        expect.stringMatching(/spec\/dist\/openapi\.json$/),
        expect.stringMatching(/client\/dist\/create-client\.js$/),
      ]),
    );
  });

  it("creates a bare metal server whose task runs until the manual clock passes its end, then finishes", () => {
    expect(run.clockMode).toBe("manual");
    expect(run.createStatus).toBe(200);
    expect(run.taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.stateBeforeAdvance).toBe("RUNNING");
    expect(run.clockAdvancedMs).toBeGreaterThan(10 * 60_000);
    expect(run.finished).toEqual({ id: run.taskId, state: "FINISHED", finishedOn: expect.any(String) });
  });

  it("sends no request anywhere and throws no page error", () => {
    expect(requests.outside()).toEqual([]);
    expect(requests.all).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("fails the same build of the package's main entry, which needs Node (so the check above can fail)", async () => {
    const failure = await build({
      ...BROWSER_BUILD,
      stdin: { contents: 'export { createSandbox } from "@cloud-contract/mock";', resolveDir: here },
    }).then(
      () => undefined,
      (error: BuildFailure) => error,
    );
    const builtIns = failure?.errors.filter((e) => e.notes.some((n) => n.text.includes("built into node")));
    expect(builtIns?.length).toBeGreaterThan(0);
    expect(builtIns).toEqual(failure?.errors);
  });
});
