// The operations of the API as the suite groups them: the bundle's, so a new operation joins every
// per-operation table (and the compiler asks for its sample request in requests.ts). Whether one writes
// is a fact of the spec, read through its model.

import { loadDocument } from "@cloud-contract/spec/document";
import type { OperationId } from "@cloud-contract/types";

export type { OperationId };

/** Every operationId of the bundled spec, in the spec's order. */
export const OPERATION_IDS: readonly OperationId[] = loadDocument().operations.map(
  (o) => o.operationId as OperationId,
);

/** Whether a successful call of the operation changes state on the target (the spec model's `writes`). */
export function writes(operationId: OperationId): boolean {
  return loadDocument().operation(operationId).writes;
}
