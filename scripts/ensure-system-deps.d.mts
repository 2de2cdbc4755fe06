export interface SystemDep {
  name: string;
  reason: string;
  present(env?: Record<string, string | undefined>): boolean;
}
export declare const SYSTEM_DEPS: SystemDep[];
export declare function missingPackages(
  deps?: SystemDep[],
  env?: Record<string, string | undefined>,
): string[];
export declare function postgresBinDir(env?: Record<string, string | undefined>): string | undefined;
export declare function installCommands(packages: string[], isRoot: boolean): string[][];
