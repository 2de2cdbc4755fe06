import type { DocumentModel } from "@cloud-contract/spec/document";

export declare function renderFacts(model?: DocumentModel): string;
export declare function renderOperationIds(model?: DocumentModel): string;
