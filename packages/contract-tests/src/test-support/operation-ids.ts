import { loadDocument } from "@cloud-contract/spec/document";

/** The operationIds of the bundled spec, as its document model lists them, sorted. */
export const specOperationIds = (): string[] =>
  loadDocument()
    .operations.map((op) => op.operationId)
    .sort();
