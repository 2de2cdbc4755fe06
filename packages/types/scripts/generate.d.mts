export declare const schemaFile: string;
export declare const factsFile: string;
export declare const operationIdsFile: string;
export declare function renderSchema(): Promise<string>;
export declare function renderSchemaOf(document: object): Promise<string>;
export declare function keepRefSiblings<T>(node: T): T;
