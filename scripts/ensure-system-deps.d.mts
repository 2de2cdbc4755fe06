export interface SystemDep {
  name: string;
  reason: string;
  present(env?: Record<string, string | undefined>): boolean;
  /** The variable that points the tests at another copy, and what it must name. */
  override: { variable: string; expects: string };
}
export declare const SYSTEM_DEPS: SystemDep[];
export declare function missingPackages(
  deps?: SystemDep[],
  env?: Record<string, string | undefined>,
): string[];
export declare function chromiumPath(env?: Record<string, string | undefined>): string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare function postgresBinDir(env?: Record<string, string | undefined>): string | undefined;
export declare function installCommands(packages: string[], isRoot: boolean): string[][];
