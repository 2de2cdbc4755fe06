import type { OperationId } from "@cloud-contract/types";
import type { CallInfo } from "./errors.js";

let table: Promise<{ OPERATION_IDS: Readonly<Record<string, OperationId>> }> | undefined;

/**
 * Fills in the operationId of a call from the table generated with the types. It is loaded with the first
 * failed call or checked answer, so a program whose calls succeed never loads it (nor bundles it with the
 * code every call needs, when its bundler splits code).
 */
export async function identify(call: CallInfo): Promise<CallInfo> {
  table ??= import("@cloud-contract/types/operation-ids");
  call.operationId ??= (await table).OPERATION_IDS[`${call.method} ${call.path}`];
  return call;
}
