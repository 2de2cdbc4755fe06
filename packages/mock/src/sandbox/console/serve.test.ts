// What the sandbox serves of the console over HTTP: the page, its built modules and nothing else under
// /__sandbox/ui/; with the control API off, no console either.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSandbox, startSandbox } from "../server.js";

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};

describe("with the control API", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.stop());

  it("serves the page and its modules, each module as JavaScript", async () => {
    const page = await get(`${sandbox.url}/__sandbox/`);
    expect(page).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    const src = /<script type="module" src="([^"]+)"/.exec(page.text)?.[1];
    expect(src).toBe("/__sandbox/ui/console.js");
    const script = await get(`${sandbox.url}${src}`);
    expect(script).toMatchObject({ status: 200, type: "text/javascript; charset=utf-8" });
    for (const imported of script.text.matchAll(/from "\.\/([a-z-]+\.js)"/g)) {
      expect((await get(`${sandbox.url}/__sandbox/ui/${imported[1]}`)).status).toBe(200);
    }
  });

  it("serves the page with a policy that runs its own scripts only and lets no page frame it", async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp.split("; ")).toEqual(
      expect.arrayContaining(["default-src 'none'", "script-src 'self'", "frame-ancestors 'none'"]),
    );
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers 404 for any other name under /__sandbox/ui/", async () => {
    for (const name of ["nope.js", "console.d.ts", "console.js.map", "..%2Fpackage.json"]) {
      expect((await get(`${sandbox.url}/__sandbox/ui/${name}`)).status, name).toBe(404);
    }
  });
});

describe("with the control API off", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ control: false });
  });
  afterAll(() => sandbox.stop());

  it("has no console", async () => {
    expect((await get(`${sandbox.url}/__sandbox/`)).status).toBe(404);
    expect((await get(`${sandbox.url}/__sandbox/ui/console.js`)).status).toBe(404);
  });
});
