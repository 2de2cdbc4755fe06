import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface Listening {
  server: Server;
  url: string;
  port: number;
  /** Stops accepting, ends idle keep-alive connections and resolves when the server is closed. */
  close(): Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open. Well beyond a client's own idle limit (undici's is 4 s),
 * so that a client whose event loop was busy never sends on a connection the server has just closed (the
 * client then sees ECONNRESET); below Node's 60 s headers timeout.
 */
export const KEEP_ALIVE_MS = 30_000;

/** Serves `handler` on `host:port` (port 0 = a free port) and resolves once it listens. */
export function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
  host = "127.0.0.1",
): Promise<Listening> {
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, handler);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      let closing: Promise<void> | undefined;
      resolve({
        server,
        port: actual,
        url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}`,
        close: () => {
          closing ??= new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            // Connections still busy get a moment to finish their response, then are cut.
            setTimeout(() => server.closeAllConnections(), 1000).unref();
          });
          return closing;
        },
      });
    });
  });
}
