import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundlePath } from "@cloud-contract/spec/document";
import { stopChild, trackChild } from "./process/children.js";
import { assertPortFree, findFreePort } from "./process/free-port.js";
import { waitForHttp } from "./process/wait-for-http.js";

export type PrismLogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";

export interface PrismOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Generate responses from the schemas instead of serving the static examples. */
  dynamic?: boolean;
  /** Spec file to serve; the bundled `@cloud-contract/spec/openapi.json` unless given. */
  specPath?: string;
  /** Prism's log level; `error` by default, because logging every request costs much of its throughput. */
  logLevel?: PrismLogLevel;
  /** Pass Prism's `--errors`: a response that breaks the spec becomes an error. */
  errors?: boolean;
  /** Give up when Prism has not answered within this time (default 2 min: a busy CI machine is slow to start it). */
  startTimeoutMs?: number;
  /** Receives Prism's stdout and stderr, for a CLI that wants to show them. */
  onOutput?: (chunk: string) => void;
}

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the server; resolves when it is gone. Safe to call twice. */
  stop(): Promise<void>;
}

export interface RunningPrism extends RunningServer {
  /** PID of the Prism process. */
  pid: number;
}

const require = createRequire(import.meta.url);

/** The Prism version the package is tested with; its engines accept Node 20 (5.15 and later need Node 24). */
export const PRISM_VERSION = "5.14.2";

/**
 * Absolute path of Prism's CLI script. Prism is an optional peer dependency: only `cloud-mock prism` and
 * `startPrism` need it, so a missing one is reported with the command that installs it.
 */
export function prismEntry(): string {
  let pkg: string;
  try {
    pkg = require.resolve("@stoplight/prism-cli/package.json");
  } catch {
    throw new Error(
      `Prism is not installed. It is an optional peer of @cloud-contract/mock, needed only for the Prism mock: npm install --save-dev @stoplight/prism-cli@${PRISM_VERSION}`,
    );
  }
  return join(dirname(pkg), "dist", "index.js");
}

// The script Prism runs in (it exits with its stdin, and loads faker lighter: see prism-process.cts). From
// src/ (the tests) and from dist/ alike, the built one: a plain node process cannot run TypeScript.
const PRISM_PROCESS = fileURLToPath(new URL("../dist/prism-process.cjs", import.meta.url));

const MAX_PORT_ATTEMPTS = 3;
const PREFLIGHT = {
  method: "OPTIONS",
  headers: { Origin: "http://127.0.0.1", "Access-Control-Request-Method": "GET" },
};

/**
 * Starts Prism (`prism mock`) on the bundled spec and resolves once it answers HTTP requests.
 * The process is killed on `stop()`, and also when this process exits or gets SIGINT/SIGTERM.
 */
export async function startPrism(options: PrismOptions = {}): Promise<RunningPrism> {
  const wanted = options.port ?? 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, wanted === 0 ? await findFreePort(options.host) : wanted);
    } catch (error) {
      // A port picked by us may be taken by someone else before Prism binds it: try another.
      const retry = wanted === 0 && attempt < MAX_PORT_ATTEMPTS && /EADDRINUSE/.test(String(error));
      if (!retry) throw error;
    }
  }
}

async function startOnce(options: PrismOptions, port: number): Promise<RunningPrism> {
  const host = options.host ?? "127.0.0.1";
  // Something else answering on the port would look like a ready Prism: refuse a taken port up front.
  await assertPortFree(port, host);
  const args = [
    PRISM_PROCESS,
    prismEntry(),
    "mock",
    options.specPath ?? bundlePath(),
    "--host",
    host,
    "--port",
    String(port),
    "--verboseLevel",
    options.logLevel ?? "error",
  ];
  if (options.dynamic) args.push("--dynamic");
  if (options.errors) args.push("--errors");

  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env } });
  trackChild(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output = (output + text).slice(-8000);
    options.onOutput?.(text);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const ready = new AbortController();
  const timeout = setTimeout(() => ready.abort(), options.startTimeoutMs ?? 120_000);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => ready.abort());
  // A CORS preflight is answered by Prism before routing, so the probe logs no "no path matched" error.
  const answered = await waitForHttp(url, ready.signal, PREFLIGHT);
  clearTimeout(timeout);

  if (!answered || child.exitCode !== null || child.signalCode !== null) {
    await stopChild(child);
    const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : "did not answer in time";
    throw new Error(`Prism ${why} on ${url}:\n${output.trim()}`);
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    pid: child.pid as number,
    stop: () => {
      stopping ??= stopChild(child);
      return stopping;
    },
  };
}
