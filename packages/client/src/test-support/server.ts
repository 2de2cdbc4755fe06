// A real HTTP server on 127.0.0.1 (a free port) for the tests: records every request and answers with
// whatever the test's handler writes.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";

export interface RecordedRequest {
  method: string;
  /** Path and query as received, e.g. `/cloud/v1/tasks/1/2/active?limit=10`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse, index: number) => unknown;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const index = requests.push(recorded) - 1;
      Promise.resolve()
        .then(() => handler(recorded, res, index))
        .catch((error: unknown) => {
          if (!res.headersSent) json(res, 599, { message: String(error) });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the test server has no TCP port");
  const { port } = address;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Writes a JSON response. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** A task as `GET /cloud/v1/tasks/{task_id}` returns it. */
export function task(
  id: string,
  state: "NEW" | "RUNNING" | "FINISHED" | "ERROR",
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    state,
    task_type: "create_bm",
    user_id: 9998,
    created_on: "2026-11-21T09:15:02Z",
    ...extra,
  };
}
