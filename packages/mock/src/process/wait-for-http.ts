import { request } from "node:http";

export interface Probe {
  method?: string;
  headers?: Record<string, string>;
}

/** Resolves true once `url` answers any HTTP response, false if `signal` fires first. */
export async function waitForHttp(
  url: string,
  signal: AbortSignal,
  probe: Probe = {},
  intervalMs = 50,
): Promise<boolean> {
  while (!signal.aborted) {
    if (await answers(url, probe)) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}

function answers(url: string, probe: Probe): Promise<boolean> {
  return new Promise((resolve) => {
    const options = {
      method: probe.method ?? "GET",
      headers: probe.headers ?? {},
      timeout: 1000,
      agent: false,
    };
    const req = request(url, options, (res) => {
      res.resume();
      resolve(true);
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve(false));
    req.end();
  });
}
