export declare function isTmpfs(dir: string): boolean;
export declare function scratchParent(
  env?: Record<string, string | undefined>,
  candidates?: string[],
  needed?: number,
): string;
