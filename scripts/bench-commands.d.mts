export declare function listedBenchCommands(name: string): string[];
export declare function benchShellCommand(name: string, command: string, args?: string): string;
export declare function runBenchCommand(
  name: string,
  line: string,
  env?: Record<string, string>,
): Promise<{ code: number | null; output: string }>;
