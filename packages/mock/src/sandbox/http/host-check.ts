// The guard against DNS rebinding: a request whose `Host` names neither a loopback name or address nor a host
// the sandbox was told to serve is refused before routing (a page on evil.example whose name was pointed at
// 127.0.0.1 sends `Host: evil.example`).
import type { SandboxCore } from "./exchange.js";
import { refusalAnswer } from "./refusal.js";

/** `localhost`, a name under `.localhost`, 127.0.0.0/8 and ::1 (RFC 6761, RFC 5735). */
function isLoopback(hostname: string): boolean {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname === "[::1]" || hostname === "[::ffff:7f00:1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Addresses that mean "every interface": listening on one says nothing about the names clients use. */
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/** The host name of a `Host` header or a `--host`/`--allow-host` value, lower case; undefined when not one. */
export function hostnameOf(host: string): string | undefined {
  try {
    // A bare IPv6 address (`--host ::1`) is bracketed as in a URL.
    const bracketed = host.split(":").length > 2 && !host.startsWith("[") ? `[${host}]` : host;
    const url = new URL(`http://${bracketed}`);
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
    return url.hostname;
  } catch {
    return undefined;
  }
}

/** The host names a sandbox serves besides loopback ones: the one it listens on (unless a wildcard) and those it was told. */
export function allowedHosts(
  listenHost: string | undefined,
  extra: readonly string[] = [],
): ReadonlySet<string> {
  const names = [...(listenHost && !WILDCARDS.has(listenHost) ? [listenHost] : []), ...extra];
  return new Set(names.map(hostnameOf).filter((name): name is string => name !== undefined));
}

/** Whether a request with this `Host` header is served (a request without one is: no browser sends that). */
export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (host === undefined) return true;
  const name = hostnameOf(host);
  return name !== undefined && (isLoopback(name) || allowed.has(name));
}

/** The core behind the Host check: a request for another host is a 421 that reaches nothing. */
export function withHostCheck(core: SandboxCore, allowed: ReadonlySet<string>): SandboxCore {
  return (request) => {
    const { host } = request.headers;
    if (isAllowedHost(typeof host === "string" ? host : undefined, allowed)) return core(request);
    return Promise.resolve(
      refusalAnswer(
        421,
        "MisdirectedRequest",
        `The sandbox serves loopback names and the hosts it was told (--host, --allow-host), not ${String(host)}.`,
      ),
    );
  };
}
