export declare const schemaFile: string;
export declare function renderSchema(): Promise<string>;
