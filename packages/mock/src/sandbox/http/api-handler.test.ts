import { request } from "node:http";
import { openDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinySpec } from "../../test-support/tiny-spec.js";
import { ApiError } from "./api-error.js";
import { createApiHandler, type Handler, type HandlerTable } from "./api-handler.js";
import { type Listening, listen } from "./listen.js";

const model = openDocument(tinySpec());
const KEY = "test-key";
const H = { Authorization: `apikey ${KEY}` };
const JSON_H = { ...H, "Content-Type": "application/json" };

interface App {
  things: { id: number; name: string }[];
  lastQuery?: unknown;
}

type CreateThing = { params: { project_id: number }; query: Record<string, never>; body: { name: string } };
type GetThing = {
  params: { project_id: number; thing_id: string };
  query: Record<string, never>;
  body: undefined;
};

const createThing: Handler<App, CreateThing> = (ctx) => {
  const { name } = ctx.body;
  if (name === "boom") throw new Error("handler bug");
  if (name === "bad") return { status: 201, body: { id: "not-a-number", name } };
  if (name === "taken") throw new ApiError(409, "Name taken.");
  const thing = { id: ctx.app.things.length + 1, name };
  ctx.app.things.push(thing);
  return { status: 201, body: thing };
};
const getThing: Handler<App, GetThing> = (ctx) => {
  throw new ApiError(404, `Thing ${ctx.params.thing_id} not found.`);
};

const handlers: HandlerTable<App> = {
  createThing,
  getThing,
  listThings: (ctx) => {
    ctx.app.lastQuery = ctx.query;
    return { status: 200, body: { count: ctx.app.things.length, results: ctx.app.things } };
  },
};

let server: Listening;
const app: App = { things: [] };
let writes = 0;
beforeAll(async () => {
  const handler = createApiHandler<App>({
    model,
    handlers,
    // "" is the caller of operations that need no key.
    appFor: (key) => {
      if (key === "p2") return { app, scope: { projects: [2] } };
      return key === KEY || key === "" ? { app } : undefined;
    },
    maxBodyBytes: 1000,
    validateResponses: true,
    onWrite: () => {
      writes++;
      return undefined;
    },
  });
  server = await listen(handler);
});
afterAll(() => server.close());

const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
};
const expectErrorBody = (body: unknown) => {
  expect(body).toMatchObject({
    message: expect.any(String),
    exception_class: expect.any(String),
    request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
};

describe("routing from the spec's paths", () => {
  it("routes a GET and a POST on the same path and a deeper path", async () => {
    expect((await call("/things/1", { headers: H })).status).toBe(200);
    expect((await call("/things/1", { method: "POST", headers: JSON_H, body: '{"name":"a"}' })).status).toBe(
      201,
    );
    const miss = await call("/things/1/8dc30d49-bb34-4920-9bbd-03a2587ec0ad");
    expect(miss.status).toBe(404);
    expect(miss.body.message).toMatch(/Thing 8dc30d49/);
  });

  it.each(["/nothing", "/things", "/things/1/2/3", "/things/1/", "/"])(
    "answers 404 with the Error body for %s",
    async (path) => {
      const res = await call(path, { headers: H });
      expect(res.status).toBe(404);
      expectErrorBody(res.body);
    },
  );

  it("answers 405 with Allow for a method the path does not have", async () => {
    const res = await call("/things/1", { method: "DELETE", headers: H });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expectErrorBody(res.body);
  });
});

describe("authentication", () => {
  it.each([
    ["no header", {}],
    ["another scheme", { Authorization: `Bearer ${KEY}` }],
    ["no space", { Authorization: `apikey${KEY}` }],
    ["two spaces", { Authorization: `apikey  ${KEY}` }],
    ["an unknown key", { Authorization: "apikey nope" }],
    ["no key after the scheme", { Authorization: "apikey " }],
    ["a tab instead of the space", { Authorization: `apikey\t${KEY}` }],
    ["the key followed by more text", { Authorization: `apikey ${KEY} extra` }],
    ["the scheme word alone", { Authorization: "APIKey" }],
  ])("answers 401 for %s", async (_name, headers) => {
    const res = await call("/things/1", { headers });
    expect(res.status).toBe(401);
    expectErrorBody(res.body);
  });

  it.each(["apikey", "APIKey", "ApiKey", "APIKEY"])(
    "accepts the scheme word written %s (schemes are case-insensitive)",
    async (scheme) => {
      expect((await call("/things/1", { headers: { Authorization: `${scheme} ${KEY}` } })).status).toBe(200);
    },
  );

  it("keeps the key itself case-sensitive", async () => {
    expect(
      (await call("/things/1", { headers: { Authorization: `apikey ${KEY.toUpperCase()}` } })).status,
    ).toBe(401);
  });

  it("needs no key where the operation's security is empty", async () => {
    expect((await call("/things/1/8dc30d49-bb34-4920-9bbd-03a2587ec0ad")).status).toBe(404);
  });

  it("answers 403 for a key bound to another project, and serves its own", async () => {
    expect((await call("/things/1", { headers: { Authorization: "apikey p2" } })).status).toBe(403);
    expect((await call("/things/2", { headers: { Authorization: "apikey p2" } })).status).toBe(200);
  });
});

describe("parameters", () => {
  it("coerces query values by their schema and fills defaults", async () => {
    await call("/things/1?kind=a&kind=b&ordering=x,-y&flag=true", { headers: H });
    expect(app.lastQuery).toEqual({ limit: 2, kind: ["a", "b"], ordering: ["x", "-y"], flag: true });
    await call("/things/1?limit=5", { headers: H });
    expect(app.lastQuery).toEqual({ limit: 5 });
  });

  it.each([
    ["/things/1?limit=6", "query.limit"],
    ["/things/1?limit=abc", "query.limit"],
    ["/things/1?limit=1.5", "query.limit"],
    ["/things/1?kind=c", "query.kind.0"],
    ["/things/1?flag=yes", "query.flag"],
    ["/things/x", "path.project_id"],
  ])("answers 422 naming the field for %s", async (path, field) => {
    const res = await call(path, { headers: H });
    expect(res.status).toBe(422);
    expectErrorBody(res.body);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
  });
});

describe("bodies", () => {
  const post = (body: string | undefined, headers: Record<string, string> = JSON_H) =>
    call("/things/1", { method: "POST", headers, ...(body === undefined ? {} : { body }) });

  it("answers 400 for malformed JSON", async () => {
    const res = await post("{nope");
    expect(res.status).toBe(400);
    expect(res.body.exception_class).toBe("ParseError");
  });

  it("answers 400 (the spec has no 415) for a wrong content type", async () => {
    const res = await post('{"name":"a"}', { ...H, "Content-Type": "text/plain" });
    expect(res.status).toBe(400);
    expect(res.body.exception_class).toBe("UnsupportedMediaType");
  });

  it("answers 413 (HTTP's own status) for a body over the limit, and closes the connection", async () => {
    const res = await post(JSON.stringify({ name: "x".repeat(2000) }));
    expect(res.status).toBe(413);
    expect(res.body.exception_class).toBe("PayloadTooLarge");
    expect(res.headers.get("connection")).toBe("close");
  });

  it("cuts off a chunked body over the limit", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/things/1`, { method: "POST", headers: JSON_H }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      for (let i = 0; i < 20; i++) req.write("x".repeat(100));
      req.end();
    });
    expect(status).toBe(413);
  });

  it.each([
    ["a missing body", undefined, "body"],
    ["a missing field", "{}", "body.name"],
    ["an extra field", '{"name":"a","x":1}', "body.x"],
    ["a too long name", '{"name":"abcdefghijk"}', "body.name"],
    ["a body of the wrong type", "[1]", "body"],
  ])("answers 422 for %s", async (_name, body, field) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
  });

  it("maps a handler's error to its status when documented, else to 400", async () => {
    const res = await post('{"name":"taken"}');
    expect(res.status).toBe(400); // 409 is not documented on createThing
    expect(res.body).toMatchObject({ message: "Name taken.", exception_class: "Conflict" });
  });

  it("answers 500 with the Error body when a handler throws, without the error's own message", async () => {
    const res = await post('{"name":"boom"}');
    expect(res.status).toBe(500);
    expectErrorBody(res.body);
    expect(res.body.message).not.toMatch(/handler bug/);
    expect(res.body.message).toContain(res.body.request_id);
  });

  it("turns a response that breaks the spec into a 500 naming the violation", async () => {
    const res = await post('{"name":"bad"}');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ exception_class: "SpecViolation" });
    expect(res.body.message).toMatch(/\/id must be integer/);
  });

  it("keeps serving after all of that", async () => {
    expect((await post('{"name":"ok"}')).status).toBe(201);
  });
});

describe("marking the state changed", () => {
  it("happens after each successful write, and never after a read or a refused write", async () => {
    const before = writes;
    expect((await call("/things/1", { headers: H })).status).toBe(200);
    expect(writes).toBe(before);
    const body = (name: string) => ({ method: "POST", headers: JSON_H, body: JSON.stringify({ name }) });
    expect((await call("/things/1", body("taken"))).status).toBe(400);
    expect((await call("/things/1", body(""))).status).toBe(422);
    expect(writes).toBe(before);
    expect((await call("/things/1", body("one"))).status).toBe(201);
    expect((await call("/things/1", body("two"))).status).toBe(201);
    expect(writes).toBe(before + 2);
  });
});
