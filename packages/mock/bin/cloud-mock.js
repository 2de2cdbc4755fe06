#!/usr/bin/env node
// `cloud-mock prism|sandbox …` — see `cloud-mock --help`. Runs the built package (dist/).
import { main } from "../dist/cli.js";

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
