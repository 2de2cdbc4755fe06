// Loaded with `node --import` before a TypeScript example: appends "<status> <METHOD> <url>" for every
// response to EXAMPLE_STATUS_LOG, and refuses (throws, logging "refused <METHOD> <url>") any request that
// would leave the machine, so an example that calls the real API fails instead of reaching it.
import { appendFileSync } from "node:fs";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const log = process.env.EXAMPLE_STATUS_LOG ?? "";
const realFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  if (!LOOPBACK.has(new URL(request.url).hostname)) {
    appendFileSync(log, `refused ${request.method} ${request.url}\n`);
    throw new Error(`the example calls ${request.url}: examples run against a local sandbox only`);
  }
  const response = await realFetch(request);
  appendFileSync(log, `${response.status} ${request.method} ${request.url}\n`);
  return response;
};
