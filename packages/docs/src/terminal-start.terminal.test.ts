// The README's three start commands, as a user runs them: in a terminal (a pseudo-terminal made by
// util-linux `script`), where nx would ask its usage-data question and Redocly prints its notices.
// Each must come up without a question, print nothing the user cannot act on, and end with exit code 0
// on Ctrl-C — typed as ^C into the terminal, so the terminal sends SIGINT to the whole foreground group.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "terminal-start-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Lines no start command may print: a question nobody answers, and warnings the user cannot act on. */
const UNWANTED = [/Share usage data/i, /end-of-life/i, /EBADENGINE/, /\(Y\/n\)/];

interface Session {
  output: string;
  code: number | null;
}

/** Runs `command` in a pseudo-terminal until `ready` shows, then types Ctrl-C; resolves when it ended. */
function runInTerminal(command: string, ready: RegExp, timeoutMs = HANG_DETECTOR_MS): Promise<Session> {
  // `script` starts `$SHELL -c COMMAND`. In a user's terminal the interactive shell gives the command a
  // foreground process group of its own and ignores Ctrl-C itself; a non-interactive shell left in that
  // group (dash does not exec its last command) would die of the Ctrl-C and report 130 whatever the command
  // did. `exec` puts exactly the command's processes in the terminal's foreground group, as a user's shell does.
  const env: NodeJS.ProcessEnv = { ...process.env, NX_DAEMON: "false", TERM: "xterm", SHELL: "/bin/sh" };
  // A user's terminal is not CI: nx only asks its question outside CI.
  delete env.CI;
  const child = spawn("script", ["-qec", `exec ${command}`, "/dev/null"], { cwd: root, env, detached: true });
  let output = "";
  let interrupted = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
      reject(new Error(`${command}: no "${ready.source}" within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (!interrupted && ready.test(output)) {
        interrupted = true;
        child.stdin.write("\x03");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      child.stdin.end();
      resolve({ output, code });
    });
  });
}

// All three start at once, as in three terminals: `pnpm mock` and `pnpm sandbox` both run `nx run mock:build`,
// which restores or rewrites `dist/`; scripts/run-built.mjs makes them take turns, so neither starts from a
// `dist/` the other is rewriting (it used to die with ERR_MODULE_NOT_FOUND).
describe.concurrent.each([
  ["pnpm mock --port 0", /Press Ctrl-C to stop/],
  ["pnpm sandbox --port 0", /Press Ctrl-C to stop/],
  [`pnpm docs:serve --port 0 --out ${join(outDir, "index.html")}`, /docs: serving http:\/\/127\.0\.0\.1:\d+/],
])("`%s` in a terminal", (command, ready) => {
  it("starts without a question or an unactionable warning and exits 0 on Ctrl-C", async () => {
    const { output, code } = await runInTerminal(command, ready);
    expect(output).toMatch(ready);
    for (const pattern of UNWANTED) expect(output).not.toMatch(pattern);
    expect(output).toMatch(/\^C/);
    expect(output).not.toMatch(/ELIFECYCLE/);
    expect(code, output).toBe(0);
    // The server is gone: its port refuses connections.
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
    expect(url, output).toBeDefined();
    await expect(fetch(url as string)).rejects.toThrow();
  });
});
