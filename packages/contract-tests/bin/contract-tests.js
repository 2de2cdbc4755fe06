#!/usr/bin/env node
// npx @cloud-contract/contract-tests --target url --base-url http://127.0.0.1:4010
// Colours only on a terminal: logs written to files (CI) get no ANSI codes unless FORCE_COLOR asks for them.
if (!process.stdout.isTTY && process.env.FORCE_COLOR === undefined) process.env.NO_COLOR = "1";
const { main } = await import("../dist/cli.js");

process.exitCode = await main();
