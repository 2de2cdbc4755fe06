import { createServer } from "node:net";

/** Asks the OS for a free TCP port on `host` (bind to port 0, read the port, release it). */
export function findFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no port was assigned"))));
    });
  });
}

/** Rejects with an EADDRINUSE error when `port` cannot be bound on `host` right now. */
export function assertPortFree(port: number, host = "127.0.0.1"): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE" ? new Error(`EADDRINUSE: ${host}:${port} is already in use`) : error,
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
