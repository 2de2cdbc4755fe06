// Loaded with `node --import` before a TypeScript example: sends the requests the example makes to the
// production server to the sandbox instead (so an example written for the real API runs unchanged), and
// appends "<status> <METHOD> <url>" for every response to EXAMPLE_STATUS_LOG.
import { appendFileSync } from "node:fs";

const production = process.env.EXAMPLE_PRODUCTION_URL ?? "";
const sandbox = process.env.EXAMPLE_SANDBOX_URL ?? "";
const log = process.env.EXAMPLE_STATUS_LOG ?? "";
const realFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  let url = request.url;
  if (production && url.startsWith(production)) url = sandbox + url.slice(production.length);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const response = await realFetch(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
    redirect: request.redirect,
  });
  appendFileSync(log, `${response.status} ${request.method} ${url}\n`);
  return response;
};
