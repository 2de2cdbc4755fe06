export declare const behaviourRegistryFile: string;
export declare const bugRegistryFile: string;
export declare function operationsWith(file: string, dir?: string): string[];
export declare function renderBehaviourRegistry(operations?: readonly string[]): string;
export declare function renderBugRegistry(operations?: readonly string[]): string;
