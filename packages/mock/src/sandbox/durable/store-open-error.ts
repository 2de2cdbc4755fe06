/**
 * The store the options name cannot be opened at start (a folder that cannot be made or has no room, a
 * database that cannot be reached): the CLI prints the message, one line, and exits with code 2.
 */
export class StoreOpenError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "StoreOpenError";
  }
}
