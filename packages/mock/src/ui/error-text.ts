// What was thrown, as text for a page. Here, in src/ui/, because the console serves its modules from this
// folder only; the Node side reads it through src/error-message.ts.

/** Its message: an Error's, or the value as text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
