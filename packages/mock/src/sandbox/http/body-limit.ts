import { ApiError } from "./api-error.js";

/** Largest request body accepted by default, in bytes (documented in the README; 413 beyond). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Thrown (as an ApiError) when a body is larger than allowed; the connection is closed after the answer. */
export class BodyTooLargeError extends ApiError {
  constructor(limit: number) {
    super(413, `The request body is larger than ${limit} bytes.`, { exceptionClass: "PayloadTooLarge" });
  }
}
