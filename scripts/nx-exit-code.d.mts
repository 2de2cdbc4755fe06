/** Starts recording SIGINT, SIGTERM and SIGHUP (which this process then ignores); the function says whether one came. */
export declare function watchInterrupts(): () => boolean;
/** nx's exit code as it should read: 130 only when this run was interrupted, 1 for a 130 of nx's own. */
export declare function nxExitCode(code: number, interrupted: boolean): number;
