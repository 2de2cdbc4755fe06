// Well-formed requests for a sequence: the contract suite's own sample request of each operation
// (suite/requests.ts), captured at the wire instead of sent, so both send exactly the same requests.
// A followed link keeps the sample's query and body and puts the link's values into the path.
import { type CloudClient, createCloudClient } from "@cloud-contract/client";
import type { Operation } from "@cloud-contract/spec/document";
import type { ContractContext } from "../context.js";
import type { OperationId } from "../suite/operations.js";
import { sampleCall, uniqueEmail } from "../suite/requests.js";
import type { WireRequest } from "./http.js";

interface Capture {
  client: CloudClient;
  /** The requests the client handed to its fetch, taken off as they are read. */
  requests: Request[];
}

/** One capturing client per context (making a client costs more than a request to a local sandbox). */
const captures = new WeakMap<ContractContext, Capture>();

function captureOf(ctx: ContractContext): Capture {
  let capture = captures.get(ctx);
  if (!capture) {
    const requests: Request[] = [];
    const client = createCloudClient({
      baseUrl: ctx.baseUrl,
      apiKey: ctx.apiKey,
      retry: false,
      fetch: async (request: Request) => {
        requests.push(request);
        return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    capture = { client, requests };
    captures.set(ctx, capture);
  }
  return capture;
}

/** The suite's sample request of an operation, as it would go on the wire (e-mails are fresh each time). */
export async function sampleRequest(ctx: ContractContext, operationId: string): Promise<WireRequest> {
  const { client, requests } = captureOf(ctx);
  await sampleCall(operationId as OperationId, client, ctx);
  const captured = requests.pop();
  requests.length = 0;
  if (!captured) throw new Error(`the sample of ${operationId} sent nothing`);
  const url = new URL(captured.url);
  const text = await captured.text();
  const base = new URL(ctx.baseUrl);
  return {
    operationId,
    method: captured.method,
    path: url.pathname.slice(base.pathname.replace(/\/$/, "").length),
    query: [...url.searchParams],
    ...(text === "" ? {} : { body: withFreshEmail(JSON.parse(text)) }),
  };
}

/**
 * The body with a fresh `email` where it has one: an address may receive a notification type once, so a
 * sequence that adds the sample twice would otherwise get a 400 for a request the spec calls valid.
 */
function withFreshEmail(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  return typeof fields.email === "string" ? { ...fields, email: uniqueEmail("stateful") } : body;
}

/** The operation's path with these parameter values (percent-encoded). */
export function fillPath(operation: Operation, params: Record<string, unknown>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for ${name} of ${operation.operationId}`);
    return encodeURIComponent(String(value));
  });
}
