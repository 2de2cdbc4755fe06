#!/usr/bin/env node
// npx @cloud-contract/contract-tests --target url --base-url http://127.0.0.1:4010
const { main } = await import("../dist/cli.js");

process.exitCode = await main();
