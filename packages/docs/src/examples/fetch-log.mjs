// Loaded with `node --import` before a TypeScript example: appends "<status> <METHOD> <url>" for every
// response to EXAMPLE_STATUS_LOG (and " empty" when it is a list with nothing in it), and refuses (throws, logging "refused <METHOD> <url>") any request that
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
  const body = await response
    .clone()
    .json()
    .catch(() => undefined);
  const empty = body?.count === 0 && Array.isArray(body.results) && body.results.length === 0;
  appendFileSync(log, `${response.status} ${request.method} ${request.url}${empty ? " empty" : ""}\n`);
  return response;
};
