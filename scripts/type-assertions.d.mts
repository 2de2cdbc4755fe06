export declare const ASSERTIONS_PER_THOUSAND_LINES: number;
export declare function sourceFiles(dir: string): string[];
export declare function assertionsOf(file: string, text: string): string[];
export declare function typeAssertions(dir: string): { assertions: number; lines: number; places: string[] };
export declare function assertionBudget(dir: string): {
  assertions: number;
  lines: number;
  places: string[];
  allowed: number;
};
