import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { HANG_DETECTOR_MS } from "../../../../scripts/hang-detector.mjs";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../sandbox/server.js";
import { type SpecClient, specClient } from "./spec-client.js";

/**
 * Starts a sandbox for the test file (port 0, responses checked by the server too) and stops it after.
 * Use `api` for calls checked against the spec from the client side.
 */
export function useSandbox(options: SandboxOptions = {}): {
  readonly sandbox: RunningSandbox;
  readonly api: SpecClient;
} {
  let sandbox: RunningSandbox | undefined;
  let api: SpecClient | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ validateResponses: true, taskDelayMs: 30, ...options });
    api = specClient(sandbox.url);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });
  return {
    get sandbox() {
      if (!sandbox) throw new Error("the sandbox is not started yet");
      return sandbox;
    },
    get api() {
      if (!api) throw new Error("the sandbox is not started yet");
      return api;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined (bounded by the tests' hang detector). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = HANG_DETECTOR_MS,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await sleep(10);
  }
}

/** One HTTP call to a sandbox at `baseUrl`, with the key, a JSON body and an abort signal (each when given). */
export async function sandboxRequest(
  baseUrl: string,
  method: string,
  path: string,
  key: string | undefined,
  body?: unknown,
  signal?: AbortSignal,
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    signal,
    headers: {
      ...(key ? { Authorization: `apikey ${key}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  const parsed: any = text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, body: parsed };
}

/**
 * A JSON request whose body the test writes itself (a piece at a time, or not to the end): it announces
 * `contentLength` bytes. `onAnswer` gets the answer if one comes.
 */
export function openBodyRequest(
  baseUrl: string,
  method: string,
  path: string,
  key: string,
  contentLength: number,
  onAnswer?: (res: IncomingMessage) => void,
): ClientRequest {
  return request(
    `${baseUrl}${path}`,
    {
      method,
      headers: {
        Authorization: `apikey ${key}`,
        "Content-Type": "application/json",
        "Content-Length": contentLength,
      },
    },
    onAnswer,
  );
}

/**
 * One HTTP call with exactly the headers given (`Host` and `Origin` included, which `fetch` sets itself);
 * resolves with the status, the headers and the body's text.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: IncomingMessage["headers"]; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}
