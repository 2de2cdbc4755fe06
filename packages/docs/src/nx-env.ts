/**
 * The environment of an nx a test starts: no daemon left running, and its plugins loaded in its own process
 * rather than in a worker process each (the same project graph, for less CPU).
 */
export const NX_TEST_ENV = { NX_DAEMON: "false", NX_ISOLATE_PLUGINS: "false" } as const;
