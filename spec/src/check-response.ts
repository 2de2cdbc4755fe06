// "Is this response part of the contract?" — answered once, here, for the suite, the sandbox's
// self-check and every test helper.
import type { Operation } from "./operations.js";
import { matchMediaType, matchStatus } from "./status.js";
import type { SchemaError } from "./validator.js";

export type ViolationKind = "status" | "content-type" | "body";

export interface Violation {
  kind: ViolationKind;
  /** JSON pointer into the body ("/" for the body itself, and for status and content-type violations). */
  pointer: string;
  message: string;
  /** The offending value (the status or the content type for those kinds). */
  value: unknown;
}

export interface ResponseVerdict {
  operationId: string;
  status: number;
  contentType: string | null;
  /** Whether the operation documents the status (exactly, by its range, or through `default`). */
  documented: boolean;
  /** The documented status key that matched (`200`, `4XX`, `default`), undefined when none did. */
  documentedAs: string | undefined;
  /** The documented media type that matched, undefined when none did or the response has no body. */
  mediaType: string | undefined;
  /** True when there is no violation. */
  valid: boolean;
  violations: Violation[];
}

const isEmptyBody = (body: unknown) => body === undefined || body === null || body === "";

/**
 * Judges one response of `operation`: the status must be documented, the content type must be one the
 * status lists, and the body must match that media type's schema (checked with `check`).
 */
export function judgeResponse(
  operation: Operation,
  status: number,
  contentType: string | null,
  body: unknown,
  check: (schema: object, value: unknown) => SchemaError[],
): ResponseVerdict {
  const violations: Violation[] = [];
  const verdict = (documentedAs: string | undefined, mediaType: string | undefined): ResponseVerdict => ({
    operationId: operation.operationId,
    status,
    contentType,
    documented: documentedAs !== undefined,
    documentedAs,
    mediaType,
    valid: violations.length === 0,
    violations,
  });

  const documentedAs = matchStatus(operation.statuses, status);
  if (documentedAs === undefined) {
    violations.push({
      kind: "status",
      pointer: "/",
      message: `status ${status} is not documented (documented: ${operation.statuses.join(", ")})`,
      value: status,
    });
    return verdict(undefined, undefined);
  }
  const content = operation.responses[documentedAs]?.content ?? {};
  const types = Object.keys(content);
  // A response the service may send without its body (`x-body-optional`) keeps the contract empty.
  if (operation.responses[documentedAs]?.bodyOptional && isEmptyBody(body))
    return verdict(documentedAs, undefined);
  if (types.length === 0) {
    if (!isEmptyBody(body)) {
      violations.push({
        kind: "body",
        pointer: "/",
        message: `status ${documentedAs} documents no body, but one was sent`,
        value: body,
      });
    }
    return verdict(documentedAs, undefined);
  }
  const matched = matchMediaType(types, contentType);
  if (matched === undefined) {
    violations.push({
      kind: "content-type",
      pointer: "/",
      message: `content type ${contentType ?? "(none)"} is not documented for ${documentedAs} (documented: ${types.join(", ")})`,
      value: contentType,
    });
    return verdict(documentedAs, undefined);
  }
  if (body === undefined) {
    violations.push({ kind: "body", pointer: "/", message: "the body is empty", value: undefined });
    return verdict(documentedAs, matched);
  }
  const schema = content[matched]?.schema;
  if (schema) {
    for (const e of check(schema, body)) {
      violations.push({ kind: "body", pointer: e.pointer, message: e.message, value: e.value });
    }
  }
  return verdict(documentedAs, matched);
}
