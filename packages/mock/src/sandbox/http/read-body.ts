import type { IncomingMessage } from "node:http";
import { ApiError } from "./api-error.js";
import { BodyTooLargeError } from "./body-limit.js";

/**
 * Reads the whole body up to `limit` bytes. A declared Content-Length above the limit is refused before
 * reading; a chunked body is cut off as soon as it passes the limit; a client that leaves mid-body rejects.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (error: ApiError) => {
      if (done) return;
      done = true;
      reject(error);
    };
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        req.pause();
        fail(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.once("error", () => fail(new ApiError(400, "The request body could not be read.")));
    req.once("close", () => fail(new ApiError(400, "The client left before its body arrived.")));
  });
}
