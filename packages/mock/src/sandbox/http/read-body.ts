import type { IncomingMessage } from "node:http";
import { ApiError } from "./api-error.js";

/** Thrown (as an ApiError) when a body is larger than allowed; the connection is closed after the answer. */
export class BodyTooLargeError extends ApiError {
  constructor(limit: number) {
    super(413, `The request body is larger than ${limit} bytes.`, { exceptionClass: "PayloadTooLarge" });
  }
}

/**
 * Reads the whole body up to `limit` bytes. A declared Content-Length above the limit is refused before
 * reading; a chunked body is cut off as soon as it passes the limit.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.pause();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.once("error", (error) => {
      if (done) return;
      done = true;
      reject(new ApiError(400, `The request body could not be read: ${error.message}`));
    });
  });
}
