import type { IncomingMessage } from "node:http";
import { itemAt } from "../../lists.js";
import { ApiError } from "./api-error.js";
import { BodyTooLargeError } from "./body-limit.js";

/**
 * How much of a body over the limit is still read (and dropped) before the 413 goes: a client that sends its
 * whole body before it reads the answer then gets the 413 rather than a reset connection. A larger body is cut
 * off at once.
 */
export const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads the whole body up to `limit` bytes. A body over the limit is refused with a 413 once it has arrived
 * (read and dropped, up to {@link DRAIN_BYTES}), or at once when it is larger still, by its Content-Length or
 * as it arrives; a client that leaves mid-body rejects.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > Math.max(limit, DRAIN_BYTES)) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // Takes the error's maker, not the error: every request closes after its body was read, and building an
    // Error (its stack) for nothing was a measurable share of a write's CPU.
    const fail = (error: () => ApiError) => {
      if (done) return;
      done = true;
      reject(error());
    };
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > Math.max(limit, DRAIN_BYTES)) {
        req.pause();
        fail(() => new BodyTooLargeError(limit));
      } else chunks.length = 0; // over the limit: read on to the end, keeping nothing
    });
    req.once("end", () => {
      if (size > limit) return fail(() => new BodyTooLargeError(limit));
      if (done) return;
      done = true;
      resolve(chunks.length === 1 ? itemAt(chunks, 0) : Buffer.concat(chunks, size));
    });
    req.once("error", () => fail(() => new ApiError(400, "The request body could not be read.")));
    req.once("close", () => fail(() => new ApiError(400, "The client left before its body arrived.")));
  });
}
