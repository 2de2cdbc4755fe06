// How a `slow_body` fault delivers an answer's body: cut into pieces sent one at a time over its delay. Shared
// by the HTTP adapter and the in-process fetch (no Node module: it runs in browser bundles too).

/** How many pieces a slow body is cut into (at most; fewer when the body is shorter). */
const SLOW_BODY_PIECES = 20;

/** The body's bytes in the pieces a slow answer sends, and the wait before each one. */
export function slowBodyPieces(body: string, spreadMs: number): { pieces: Uint8Array[]; everyMs: number } {
  const bytes = new TextEncoder().encode(body);
  const count = Math.max(1, Math.min(SLOW_BODY_PIECES, bytes.length));
  const size = Math.ceil(bytes.length / count);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return { pieces, everyMs: spreadMs / count };
}
