// Adding a service is its folder plus one line in services.ts (CONTRIBUTING's "Adding a service"): in a copy of
// the package, a throwaway service (one kind of entity, one operation, a counter and a tenant part) is written
// that way, and the copy's sandbox serves it, keeps it in LMDB across a restart, and resets it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SANDBOX_API_KEY } from "../fixtures/ids.js";
import type { RunningSandbox, SandboxOptions } from "../server.js";

const packageDir = fileURLToPath(new URL("../../..", import.meta.url));

/** The service's folder, as a contributor writes it (`services/widgets/`). */
const WIDGETS_FOLDER: Record<string, string> = {
  "service.ts": `
import { declareKind, numberId } from "../entity-kind.js";
import { declareService } from "../service.js";
import { makeWidget } from "./handlers.js";
import { WidgetPart } from "./widget-part.js";

export const WIDGETS_SERVICE = declareService({
  entities: {
    widgets: declareKind({
      idOf: (widget: { id: number; name: string }) => widget.id,
      parseId: numberId,
      seed: () => [],
      indexes: () => ({}),
      contract: { schema: { type: "object", required: ["id", "name"] } },
      counter: "nextWidgetId",
    }),
  },
  counters: { nextWidgetId: 1 },
  reference: () => undefined,
  listReference: () => ({}),
  tenantPart: () => new WidgetPart(),
  handlers: { makeWidget },
  errorBody: (error) => ({ problem: error.message }),
});
`,
  "widget-part.ts": `
// What the service keeps beside its widgets: how many were made since the tenant's entities were opened.
export class WidgetPart {
  made = 0;
  clear() { this.made = 0; }
  settle() {}
  checkpoint() { const made = this.made; return () => { this.made = made; }; }
}
`,
  "handlers.ts": `
import { badRequest } from "../../http/api-error.js";

export const makeWidget = (ctx) => {
  const name = ctx.body?.name;
  if (name === "") throw badRequest("A widget needs a name.");
  const widget = { id: ctx.app.counters.nextWidgetId++, name };
  ctx.app.entities.widgets.set(widget.id, widget);
  ctx.app.parts.widgets.made += 1;
  return { status: 201, body: { ...widget, made: ctx.app.parts.widgets.made } };
};
`,
};

/** The operation the service serves, added to a copy of the bundled spec under its own tag. */
function specWithWidgets(): object {
  const require = createRequire(join(packageDir, "package.json"));
  const spec = JSON.parse(readFileSync(require.resolve("@cloud-contract/spec/openapi.json"), "utf8"));
  const body = (schema: object) => ({ content: { "application/json": { schema } } });
  spec.tags.push({ name: "Widgets", description: "Throwaway widgets." });
  spec.paths["/widgets/v1/widgets"] = {
    post: {
      operationId: "makeWidget",
      tags: ["Widgets"],
      summary: "Make a widget",
      requestBody: {
        required: true,
        ...body({
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" } },
          additionalProperties: false,
        }),
      },
      responses: {
        "201": { description: "Made.", ...body({ type: "object" }) },
        "400": { description: "Refused.", ...body({ type: "object" }) },
      },
    },
  };
  return spec;
}

let copy: string;
let startSandbox: (options: SandboxOptions) => Promise<RunningSandbox>;
let options: SandboxOptions;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "mock-new-service-"));
  cpSync(join(packageDir, "src"), join(copy, "src"), { recursive: true });
  cpSync(join(packageDir, "package.json"), join(copy, "package.json"));
  symlinkSync(join(packageDir, "node_modules"), join(copy, "node_modules"));
  symlinkSync(join(packageDir, "dist"), join(copy, "dist"));
  // The folder…
  const folder = join(copy, "src/sandbox/services/widgets");
  mkdirSync(folder);
  for (const [name, text] of Object.entries(WIDGETS_FOLDER)) writeFileSync(join(folder, name), text);
  // …and one line in services.ts (its import beside the others).
  const registry = join(copy, "src/sandbox/services/services.ts");
  const listed = readFileSync(registry, "utf8")
    .replace("export const SERVICES = {\n", "export const SERVICES = {\n  widgets: WIDGETS_SERVICE,\n")
    .replace(/^/, 'import { WIDGETS_SERVICE } from "./widgets/service.js";\n');
  writeFileSync(registry, listed);
  const specPath = join(copy, "openapi.json");
  writeFileSync(specPath, JSON.stringify(specWithWidgets()));
  options = { specPath, dataDir: join(copy, "lmdb") };
  ({ startSandbox } = await import(join(copy, "src/sandbox/server.ts")));
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Calls `path` of `sandbox` with the default key. */
async function call(sandbox: RunningSandbox, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      Authorization: `apikey ${SANDBOX_API_KEY}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const widgetsOf = async (sandbox: RunningSandbox) =>
  (await call(sandbox, "GET", "/__sandbox/state")).body.widgets;

it("serves the new service, keeps it in LMDB across a restart, and resets it", async () => {
  const first = await startSandbox(options);
  try {
    expect(await call(first, "POST", "/widgets/v1/widgets", { name: "left" })).toEqual({
      status: 201,
      body: { id: 1, name: "left", made: 1 },
    });
    expect((await call(first, "POST", "/widgets/v1/widgets", { name: "right" })).body).toEqual({
      id: 2,
      name: "right",
      made: 2,
    });
    // Its errors are in its declared shape.
    expect(await call(first, "POST", "/widgets/v1/widgets", { name: "" })).toEqual({
      status: 400,
      body: { problem: "A widget needs a name." },
    });
  } finally {
    await first.stop();
  }

  const second = await startSandbox(options);
  try {
    expect(await widgetsOf(second)).toEqual([
      { id: 1, name: "left" },
      { id: 2, name: "right" },
    ]);
    // The counter was stored; the part is runtime state, opened anew with the stored entities.
    expect((await call(second, "POST", "/widgets/v1/widgets", { name: "third" })).body).toEqual({
      id: 3,
      name: "third",
      made: 1,
    });
    expect((await call(second, "POST", "/__sandbox/reset")).status).toBe(200);
    expect(await widgetsOf(second)).toEqual([]);
    expect((await call(second, "POST", "/widgets/v1/widgets", { name: "again" })).body).toEqual({
      id: 1,
      name: "again",
      made: 1,
    });
  } finally {
    await second.stop();
  }
});
