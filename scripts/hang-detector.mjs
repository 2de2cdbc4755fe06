// The one time limit of the project's own tests: a test, hook or readiness wait that has not ended after this long
// is stuck, not slow. It is minutes so that a machine busy with other work never fails a test that passes on a
// quiet one; a test asserts what holds per event, never how fast. TEST_HANG_DETECTOR_MS changes it for a run.
const fromEnv = Number(process.env.TEST_HANG_DETECTOR_MS);

export const HANG_DETECTOR_MS = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 600_000;

/** The vitest options every package's configs share: tests and hooks bounded only by the hang detector. */
export const HANG_DETECTOR_TIMEOUTS = { testTimeout: HANG_DETECTOR_MS, hookTimeout: HANG_DETECTOR_MS };
