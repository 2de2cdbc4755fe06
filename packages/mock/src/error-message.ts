// What was thrown, seen as an error whatever it is (a `catch` receives `unknown`).

export { messageOf } from "./ui/error-text.js";

/** It as an Error: itself, or an Error with the value as text. */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Its `code` (a Node.js system error's, such as `ENOENT`); undefined when it has none. */
export const codeOf = (error: unknown): unknown =>
  error instanceof Error && "code" in error ? error.code : undefined;
