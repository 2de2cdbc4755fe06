export declare const controlSchemaFile: string;
export declare function renderControlSchema(): Promise<string>;
