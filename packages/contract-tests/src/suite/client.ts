// The suite's clients: @cloud-contract/client as a consumer creates it, without retries and with
// a short timeout, so that a broken target fails fast and as it is.
import { type CloudClient, createCloudClient } from "@cloud-contract/client";
import type { ContractContext } from "../context.js";

export type { CloudClient };

/** A request that takes longer than this fails the test (a retry would hide what the target did). */
const TIMEOUT_MS = 15_000;

export interface SuiteClientOptions {
  /** Replace the Authorization header the client sends (null: send none). For negative tests. */
  authorization?: string | null;
}

/**
 * A fetch that rewrites the Authorization header after the client's auth middleware has set it:
 * the client always sends a well-formed key, so a broken one can only be made below it.
 */
function fetchWithAuthorization(value: string | null): (input: Request) => Promise<Response> {
  return (input) => {
    const request = new Request(input);
    if (value === null) request.headers.delete("authorization");
    else request.headers.set("authorization", value);
    return fetch(request);
  };
}

export function createSuiteClient(ctx: ContractContext, options: SuiteClientOptions = {}): CloudClient {
  return createCloudClient({
    baseUrl: ctx.baseUrl,
    apiKey: ctx.apiKey,
    // One attempt per request: a failure is reported as it happened.
    retry: false,
    timeoutMs: TIMEOUT_MS,
    ...(options.authorization === undefined ? {} : { fetch: fetchWithAuthorization(options.authorization) }),
  });
}
