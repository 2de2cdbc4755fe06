// The console in front of the sandbox's core: GET /__sandbox/ answers the page and /__sandbox/ui/<name>.js
// the browser modules built from src/ui/ (this package's dist/ui, read once); every other call goes on to
// the core.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SandboxCore, SandboxResponse } from "../http/exchange.js";
import { CONSOLE_MODULES, CONSOLE_PATH, consolePage } from "./page.js";

/** The built browser modules: the package's `dist/ui`, wherever the package is installed. */
const modulesDir = () =>
  join(dirname(createRequire(import.meta.url).resolve("@cloud-contract/mock/package.json")), "dist", "ui");

const MODULE_NAME = /^[a-z][a-z-]*\.js$/;

/**
 * The page runs its own modules only (its styles are inline), talks to its own origin only, and is never framed
 * by another page.
 */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

const answer = (status: number, type: string, body: string): SandboxResponse => ({
  status,
  headers: { "Content-Type": type, "Cache-Control": "no-cache", ...CONSOLE_SECURITY_HEADERS },
  body,
});

export function withConsole(core: SandboxCore): SandboxCore {
  const modules = new Map<string, string | undefined>();
  const moduleText = (name: string) => {
    if (!modules.has(name)) {
      let text: string | undefined;
      try {
        text = readFileSync(join(modulesDir(), name), "utf8");
      } catch {
        text = undefined;
      }
      modules.set(name, text);
    }
    return modules.get(name);
  };
  return (request) => {
    if (request.method !== "GET") return core(request);
    const path = request.url.split("?", 1)[0] ?? "";
    if (path === CONSOLE_PATH) return Promise.resolve(answer(200, "text/html; charset=utf-8", consolePage()));
    if (!path.startsWith(CONSOLE_MODULES)) return core(request);
    const name = path.slice(CONSOLE_MODULES.length);
    const text = MODULE_NAME.test(name) ? moduleText(name) : undefined;
    return Promise.resolve(
      text === undefined
        ? answer(404, "text/plain; charset=utf-8", `No console module ${name}.`)
        : answer(200, "text/javascript; charset=utf-8", text),
    );
  };
}
