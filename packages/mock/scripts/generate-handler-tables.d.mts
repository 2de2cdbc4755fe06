import type { DocumentModel } from "@cloud-contract/spec/document";

export declare function handlerTableFile(service: string): string;
export declare function renderHandlerTables(model?: DocumentModel): Map<string, string>;
