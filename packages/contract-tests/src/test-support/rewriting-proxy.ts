// A small HTTP server in front of a real sandbox that changes one thing about it, for the tests of
// stateful sequences and parity: it may answer a request itself, change the request it forwards, or
// rewrite the answer it got back. Everything else passes through unchanged.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { loadDocument } from "@cloud-contract/spec/document";
import { parseBody } from "../body.js";

export interface ProxiedExchange {
  operationId: string | undefined;
  method: string;
  /** Path without the query. */
  path: string;
  params: Record<string, string>;
  headers: Headers;
}

export interface ProxyAnswer {
  status: number;
  body: unknown;
}

export interface RewritingProxyOptions {
  upstream: string;
  /** Answers a request without forwarding it (undefined: forward). */
  answer?(exchange: ProxiedExchange): ProxyAnswer | undefined;
  /** Changes the headers of a request before it is forwarded. */
  forward?(exchange: ProxiedExchange): void;
  /** Changes the upstream's answer (undefined: as it came). */
  rewrite?(exchange: ProxiedExchange, answer: ProxyAnswer): ProxyAnswer | undefined;
}

export interface RewritingProxy {
  url: string;
  close(): Promise<void>;
}

/** Headers Node writes itself for the answer it sends. */
const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);

const readAll = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startRewritingProxy(options: RewritingProxyOptions): Promise<RewritingProxy> {
  const model = loadDocument();
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://proxy");
      const method = request.method ?? "GET";
      const match = model.route(method, url.pathname);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "content-length")
          headers.set(name, value);
      }
      const exchange: ProxiedExchange = {
        operationId: match.route?.operationId,
        method,
        path: url.pathname,
        params: match.params,
        headers,
      };
      const body = await readAll(request);
      let answer = options.answer?.(exchange);
      if (!answer) {
        options.forward?.(exchange);
        const upstream = await fetch(`${options.upstream}${url.pathname}${url.search}`, {
          method,
          headers: exchange.headers,
          ...(body.length > 0 ? { body } : {}),
        });
        const sent = await upstream.text();
        const got = { status: upstream.status, body: parseBody(upstream.headers.get("content-type"), sent) };
        answer = options.rewrite?.(exchange, got);
        // Not rewritten: the upstream's answer as it came, its headers and the exact text of its body.
        if (!answer) {
          upstream.headers.forEach((value, name) => {
            if (!FRAMING.has(name)) response.setHeader(name, value);
          });
          response.writeHead(upstream.status);
          response.end(sent);
          return;
        }
      }
      const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
      response.writeHead(answer.status, text ? { "content-type": "application/json" } : {});
      response.end(text);
    } catch (error) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
