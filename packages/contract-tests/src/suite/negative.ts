// Tables of requests the API must refuse: each case expects a documented 4xx whose body is one of the error
// shapes of the operation's service.
import { it } from "vitest";
import { notOnPrism } from "./gates.js";
import type { FetchResult, Harness } from "./harness.js";
import { type OperationId, writes } from "./operations.js";

export interface NegativeCase {
  /** What is wrong with the request, e.g. "limit 1001 (maximum 1000)". */
  name: string;
  operationId: OperationId;
  call: (h: Harness) => Promise<FetchResult>;
  /** Prism cannot refuse this request (it does not know the rule): the reason, to skip there. */
  prism?: string;
  /** Only a target with state can refuse this (e.g. an unknown id): skipped elsewhere with the reason. */
  needsState?: boolean;
}

/**
 * One test per case. On a read-only target, a case against an operation that changes data runs only with
 * --allow-mutations: if the API wrongly accepted the broken request, it would change something.
 */
export function rejects(h: Harness, cases: readonly NegativeCase[]): void {
  for (const c of cases) {
    it(`refuses ${c.name}`, async (t) => {
      if (c.prism) notOnPrism(t, h.ctx, c.prism);
      if (c.needsState && !h.ctx.stateful)
        t.skip(
          h.ctx.target === "prism"
            ? "needs a target with state (Prism serves examples for any id)"
            : "needs a target with state: the target is not known to keep state; pass --stateful to run it",
        );
      if (writes(c.operationId) && !h.ctx.allowMutations) {
        t.skip(
          `${c.operationId} writes: if the API wrongly accepted it, it would change data; pass --allow-mutations`,
        );
      }
      await h.rejected(c.operationId, c.call(h));
    });
  }
}

/** A string of `length` characters. */
export const longText = (length: number, char = "k") => char.repeat(length);

/**
 * A well-formed e-mail address of exactly `length` characters (at least 70): a 64-character local part
 * (starting with `unique`) and a domain of labels of at most 63 characters, so only the length rule
 * can refuse it.
 */
export function emailOfLength(length: number, unique = ""): string {
  const local = `${unique}${"a".repeat(64)}`.slice(0, 64);
  const labels: string[] = [];
  // Room for the labels before ".com", dots between them included.
  let room = length - local.length - 1 - ".com".length;
  while (room > 0) {
    const size = Math.min(63, labels.length === 0 ? room : room - 1);
    if (size <= 0) break;
    labels.push("b".repeat(size));
    room -= size + (labels.length > 1 ? 1 : 0);
  }
  const email = `${local}@${labels.join(".")}.com`;
  if (email.length !== length) throw new Error(`cannot build an e-mail address of ${length} characters`);
  return email;
}
