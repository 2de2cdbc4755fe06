export declare function sourceFiles(dir: string): string[];
export declare function assertionsIn(text: string, fileName?: string): number;
export declare function assertionBudget(dir: string): {
  assertions: number;
  lines: number;
  perThousand: number;
  byFile: { file: string; count: number }[];
};
