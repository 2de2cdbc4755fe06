// What a kept file runs: its case sent again with @cloud-contract/client to the target `contract-tests kept`
// provided, and the answer judged as the run judged the first one. The request goes out as recorded (any
// method, path parameters, query and body), so it is passed to the client untyped.
import { createCloudClient } from "@cloud-contract/client";
import { type KeptCase, keptCaseFailure } from "./kept-case.js";
import { keptTarget } from "./kept-target.js";

/** `[["a","1"],["a","2"],["b","3"]]` → `{ a: ["1","2"], b: "3" }` (the client repeats array values). */
function queryObject(query: ReadonlyArray<[string, string]>): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` is a property like any other.
  const object: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of query) {
    const previous = object[name];
    object[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return object;
}

type UntypedRequest = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ response: Response; data?: unknown; error?: unknown }>;

/** Why the target's answer to the kept case still fails it, or undefined once it keeps the contract. */
export async function resendKept(kept: KeptCase): Promise<string | undefined> {
  const { baseUrl, apiKey } = keptTarget();
  const client = createCloudClient({ baseUrl, apiKey, retry: false });
  const request: UntypedRequest = client.request.bind(client) as UntypedRequest;
  const { response, data, error } = await request(kept.method.toLowerCase(), kept.template, {
    params: { path: kept.pathParams, query: queryObject(kept.query) },
    ...(kept.body === undefined ? {} : { body: kept.body }),
    parseAs: "text",
  });
  const answer = response.ok ? data : error;
  return keptCaseFailure(kept, response.status, response.headers.get("content-type"), answer);
}
