// Servers for the benchmarks: a bare node:http server answering a fixed body (the ceiling on this machine)
// and this package's CLI, each spawned in its own process and timed until it answers HTTP.
import { spawn } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { findFreePort as freePort } from "../dist/process/free-port.js";

export const BIN = fileURLToPath(new URL("../bin/cloud-mock.js", import.meta.url));

export const BARE = `
const { createServer } = require("node:http");
const body = JSON.stringify({ count: 0, results: [] });
createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.argv[1]), "127.0.0.1");
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

function answers(url) {
  return new Promise((resolve) => {
    const preflight = { Origin: "http://127.0.0.1", "Access-Control-Request-Method": "GET" };
    const req = request(url, { method: "OPTIONS", headers: preflight, agent: false, timeout: 500 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve(false));
    req.end();
  });
}

/** Spawns a server process and measures the time until it answers HTTP. */
export async function launch(name, args) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args(port), { stdio: ["pipe", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;
  return {
    name,
    url,
    startupMs,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
