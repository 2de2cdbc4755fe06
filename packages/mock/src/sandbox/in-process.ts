// The sandbox in this process, called through a `fetch`. No Node module on this path: the package's
// `./in-process` entry runs in browser bundles too.
import { bundledModel } from "@cloud-contract/spec/bundled";
import { connectSandbox, type SandboxControl } from "../control-client/sandbox-control.js";
import { composeSandbox, type SandboxCoreOptions } from "./compose.js";
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES } from "./http/body-limit.js";
import { slowBodyPieces } from "./http/slow-body.js";

export type { SnapshotDocument } from "./snapshot/format.js";
export { SeedRefused } from "./snapshot/refusal.js";

/**
 * The options of an in-process sandbox: those of the server less listening, the state file, the durable
 * backends and another spec file (it serves the bundled spec).
 */
export type InProcessSandboxOptions = SandboxCoreOptions;

export interface InProcessSandbox {
  /**
   * A `fetch` the sandbox answers in this process, with no port: give it to `createCloudClient({ fetch })`.
   * Only the path and query of the URL count, so any base URL works.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** The control API over the same `fetch` (`connectSandbox`'s). */
  control: SandboxControl;
  /** Ends the sandbox: later calls reject. Safe to call twice. */
  close(): Promise<void>;
}

/** The origin the control client is given; nothing is ever sent to it. */
const IN_PROCESS_ORIGIN = "http://sandbox.in-process";

/**
 * A sandbox in this process: the same request → response core as the HTTP server (every stage, the control
 * API, faults), called through a `fetch`. In memory only; the durable backends need the server.
 */
export function createSandbox(options: InProcessSandboxOptions = {}): InProcessSandbox {
  const { core } = composeSandbox(options, bundledModel());
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let closed = false;
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    if (closed) throw new TypeError("fetch failed: the in-process sandbox is closed");
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await untilAborted(
      core({
        method: request.method,
        url: url.pathname + url.search,
        headers,
        ...(request.body ? { body: () => readLimited(request, limit) } : {}),
        closed: () => signal.aborted,
      }),
      signal,
    );
    if (answer.delivery && "reset" in answer.delivery) {
      throw new TypeError("fetch failed: the connection was reset (an armed fault)");
    }
    const text = request.method === "HEAD" || answer.status === 204 ? undefined : answer.body;
    const body =
      text === undefined ? null : answer.delivery ? slowBody(text, answer.delivery.spreadMs, signal) : text;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
  return {
    fetch,
    control: connectSandbox(IN_PROCESS_ORIGIN, {
      fetch: (input, init) => fetch(input as Request | string | URL, init),
    }),
    close: async () => {
      closed = true;
    },
  };
}

/** The body's bytes, refused with a 413 past `limit`. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw new BodyTooLargeError(limit);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > limit) throw new BodyTooLargeError(limit);
  return bytes;
}

/**
 * The call's answer, or the signal's reason once it aborts first (as `fetch` rejects). The call itself goes
 * on: like a server whose client hung up, the sandbox may still have made a write the caller never sees.
 */
function untilAborted<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    call.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** A `slow_body` fault's body: a piece every so often, as the reader asks; an abort errors the stream. */
function slowBody(text: string, spreadMs: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const { pieces, everyMs } = slowBodyPieces(text, spreadMs);
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await untilAborted(new Promise((done) => setTimeout(done, everyMs)), signal);
      const piece = pieces[next++];
      if (piece) controller.enqueue(piece);
      if (next >= pieces.length) controller.close();
    },
  });
}
