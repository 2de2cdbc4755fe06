// Well-formed requests for a sequence: the suite's sample request of each operation (the spec model's, with the
// target's ids), as it goes on the wire. A followed link keeps the sample's query and body and puts the link's
// values into the path.
import { loadDocument, type Operation } from "@cloud-contract/spec/document";
import type { ContractContext } from "../context.js";
import { targetFixtures, uniqueEmail } from "../suite/requests.js";
import type { WireRequest } from "./http.js";

/** The suite's sample request of an operation, as it would go on the wire (e-mails are fresh each time). */
export async function sampleRequest(ctx: ContractContext, operationId: string): Promise<WireRequest> {
  const sample = loadDocument().sampleRequest(operationId, targetFixtures(ctx));
  return {
    operationId,
    method: sample.method,
    path: sample.path,
    query: [...new URL(sample.target, "http://sample.invalid").searchParams],
    ...(sample.body === undefined ? {} : { body: withFreshEmail(sample.body) }),
  };
}

/**
 * The body with a fresh `email` where it has one: an address may receive a notification type once, so a
 * sequence that adds the sample twice would otherwise get a 400 for a request the spec calls valid.
 */
function withFreshEmail(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  return "email" in body && typeof body.email === "string"
    ? { ...body, email: uniqueEmail("stateful") }
    : body;
}

/** The operation's path with these parameter values (percent-encoded). */
export function fillPath(operation: Operation, params: Record<string, unknown>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for ${name} of ${operation.operationId}`);
    return encodeURIComponent(String(value));
  });
}
