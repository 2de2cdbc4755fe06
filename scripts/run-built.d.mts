export interface RunBuiltOptions {
  /** The lock file (created when missing); starts that name the same one take turns. */
  lockPath: string;
  /** The build: command and arguments, run in the workspace's root. */
  build: string[];
  /** The command that uses the build, started with an IPC channel; it ends its turn with `{ cloudMock: "ready" }`. */
  run: string[];
  /** Takes each line this script prints itself. */
  say: (line: string) => void;
  waitMs?: number;
  turnMs?: number;
  /** Ends the turn once the build is done, for a command that loads nothing the build rewrites. */
  releaseAfterBuild?: boolean;
  /** Whether Ctrl-C came: a build that ended with 130 without one failed (nx's code for a skipped task). */
  interrupted?: () => boolean;
}
export declare function runBuilt(options: RunBuiltOptions): Promise<number>;
