// A sandbox with one seeded bug switched on, for testing the engines: an in-process sandbox behind a layer
// that hands every call of the bug's operation to the bug, and everything else (the other operations, the
// control API) through unchanged. Reachable as a fetch function (stateful) and as an HTTP server on
// 127.0.0.1 (the suite and generate), both over the same layer.
import { createServer } from "node:http";
import { createSandbox, SANDBOX_API_KEY, SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { parseBody } from "../body.js";
import { objectOf, objectsOf, stringOf } from "../json-fields.js";
import { type BugAnswer, type BugCall, type KnownKeys, keyOf, type SeededBug } from "./seeded-bug.js";

export type FetchFunction = (request: Request) => Promise<Response>;

export interface BuggyTarget {
  /** The layer as a fetch function: only the path and query of a request's URL count. */
  fetch: FetchFunction;
  /** The layer over HTTP (after `listen`). */
  url: string | undefined;
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Task delay of the sandbox behind: tasks end soon, so sequences see them end. */
const TASK_DELAY_MS = 150;
const SANDBOX_ORIGIN = "http://sandbox.in-process";

/** Scoped keys and the unbound key of their tenant: the defaults, then every tenant the layer saw made. */
class KeyBook implements KnownKeys {
  private readonly unbound = new Map<string, string>([
    [SANDBOX_API_KEY, SANDBOX_API_KEY],
    [SANDBOX_FIXTURES.project2ApiKey, SANDBOX_API_KEY],
    [SANDBOX_FIXTURES.reseller1021ApiKey, SANDBOX_API_KEY],
  ]);
  private last: string | undefined;

  unboundOf(key: string) {
    const unbound = this.unbound.get(key);
    return unbound === key ? undefined : unbound;
  }
  lastUnbound() {
    return this.last;
  }
  isKnown(key: string) {
    return this.unbound.has(key);
  }
  /** A request's key: remembered as the last unbound key when it is one. */
  saw(key: string | undefined) {
    if (key !== undefined && this.unbound.get(key) === key) this.last = key;
  }
  /** A tenant's creation answer (`api_key`, `scoped_api_keys`). */
  tenant(body: unknown) {
    const info = objectOf(body);
    const key = stringOf(info.api_key);
    if (key === undefined) return;
    this.unbound.set(key, key);
    for (const scoped of objectsOf(info.scoped_api_keys)) {
      const scopedKey = stringOf(scoped.api_key);
      if (scopedKey !== undefined) this.unbound.set(scopedKey, key);
    }
  }
}

/** Headers the layer writes itself (framing, type) rather than passing on. */
const OWN_HEADERS = new Set(["content-type", "content-length", "transfer-encoding"]);

/** A parsed answer that remembers its text: a bug that leaves the body alone passes on the same bytes. */
const unchanged = new WeakMap<object, string>();

async function answerOf(response: Response): Promise<BugAnswer> {
  const contentType = response.headers.get("content-type");
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers[name] = value;
  });
  const body = parseBody(contentType, text);
  if (body !== null && typeof body === "object") unchanged.set(body, text);
  return { status: response.status, contentType, body, headers };
}

function responseOf(answer: BugAnswer): Response {
  const headers = new Headers(answer.headers);
  if (answer.body === undefined || answer.status === 204)
    return new Response(null, { status: answer.status, headers });
  const json = answer.contentType === null || /json/i.test(answer.contentType);
  const same =
    typeof answer.body === "object" && answer.body !== null ? unchanged.get(answer.body) : undefined;
  const text =
    answer.text ??
    same ??
    (json || typeof answer.body !== "string" ? JSON.stringify(answer.body) : answer.body);
  headers.set("content-type", answer.contentType ?? "application/json");
  return new Response(text, { status: answer.status, headers });
}

/** A fresh sandbox with `bug` switched on (none: the sandbox as it is). */
export function buggyTarget(bug: SeededBug | undefined): BuggyTarget {
  const sandbox = createSandbox({ taskDelayMs: TASK_DELAY_MS });
  const model = loadDocument();
  const keys = new KeyBook();
  const memory = new Map<string, unknown>();
  const upstream = (url: URL, method: string, headers: Headers, body: string | undefined) =>
    sandbox.fetch(
      new Request(`${SANDBOX_ORIGIN}${url.pathname}${url.search}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      }),
    );

  let elsewhere: Promise<string> | undefined;
  const elsewhereKey = () => {
    elsewhere ??= upstream(
      new URL(`${SANDBOX_ORIGIN}/__sandbox/tenants`),
      "POST",
      new Headers({ authorization: `apikey ${SANDBOX_API_KEY}` }),
      undefined,
    )
      .then(answerOf)
      .then((answer) => {
        const key = stringOf(objectOf(answer.body).api_key);
        if (key === undefined) throw new Error(`the sandbox made no tenant: ${answer.status}`);
        return key;
      });
    return elsewhere;
  };

  const fetch: FetchFunction = async (request) => {
    const url = new URL(request.url);
    const text = request.body ? await request.text() : undefined;
    keys.saw(keyOf(request.headers));
    if (url.pathname.startsWith("/__sandbox/")) {
      const response = await upstream(url, request.method, request.headers, text);
      if (request.method === "POST" && url.pathname === "/__sandbox/tenants" && response.status === 201) {
        const answer = await answerOf(response);
        keys.tenant(answer.body);
        return responseOf(answer);
      }
      return response;
    }
    // A method the path does not have (HEAD, OPTIONS, another) goes to the bug of an operation of that path.
    const match = model.route(request.method, url.pathname);
    const other = match.allowed[0];
    const operationId =
      match.route?.operationId ??
      (other === undefined ? undefined : model.route(other, url.pathname).route?.operationId);
    if (!bug || operationId !== bug.operationId) {
      return upstream(url, request.method, request.headers, text);
    }
    let parsed: unknown;
    try {
      parsed = text === undefined || text === "" ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: the sandbox judges it as sent.
      return upstream(url, request.method, request.headers, text);
    }
    const call: BugCall = {
      operationId,
      method: request.method,
      url,
      headers: new Headers(request.headers),
      body: parsed,
      memory,
      keys,
      elsewhereKey,
      forward: async () => {
        const headers = new Headers(call.headers);
        headers.delete("content-length");
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        if (body !== undefined && !headers.has("content-type"))
          headers.set("content-type", "application/json");
        return answerOf(await upstream(call.url, call.method, headers, body));
      },
    };
    return responseOf(await bug.apply(call));
  };

  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "connection") headers.set(name, value);
      }
      const method = req.method ?? "GET";
      const body =
        chunks.length > 0 && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
      const response = await fetch(
        new Request(`${SANDBOX_ORIGIN}${req.url ?? "/"}`, { method, headers, ...(body ? { body } : {}) }),
      );
      const out = Buffer.from(await response.arrayBuffer());
      const head: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "transfer-encoding") head[name] = value;
      });
      res.writeHead(response.status, head);
      res.end(out);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });

  const target: BuggyTarget = {
    fetch,
    url: undefined,
    listen: async () => {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      if (address === null || typeof address === "string") throw new Error("the layer listens on no port");
      target.url = `http://127.0.0.1:${address.port}`;
      return target.url;
    },
    close: async () => {
      if (server.listening) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await sandbox.close();
    },
  };
  return target;
}
