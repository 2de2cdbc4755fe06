// Runs the package's pinned Redocly CLI with the given arguments, minus one notice: on Node 20 every run of
// Redocly CLI ≥ 2.61 prints a boxed "Node.js 20 reached end-of-life" notice, with no option or variable
// to turn it off (REDOCLY_SUPPRESS_UPDATE_NOTICE covers the update notice only), and the versions before
// it render Redoc 2, not the Redoc 3 page the docs are built for. The project runs on Node 20 (README),
// so the notice is one a user of `pnpm mock` cannot act on. Every other line, and the exit code, pass
// through unchanged. Usage (from a package folder): node ../scripts/redocly.mjs lint openapi.yaml …
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const NOTICE = "Node.js 20 reached end-of-life";

/** The CLI script of the @redocly/cli the calling package depends on. */
function redoclyBin() {
  const require = createRequire(join(process.cwd(), "package.json"));
  const manifest = require.resolve("@redocly/cli/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  return join(dirname(manifest), typeof bin === "string" ? bin : bin.redocly);
}

/** Copies `input` line by line to `output`, leaving out a box-drawn block that contains the notice. */
export function dropNodeNotice(input, output) {
  let box;
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    if (box === undefined && line.includes("╔")) box = [];
    if (box === undefined) {
      output.write(`${line}\n`);
      return;
    }
    box.push(line);
    if (!line.includes("╚")) return;
    if (!box.some((l) => l.includes(NOTICE))) output.write(`${box.join("\n")}\n`);
    box = undefined;
  });
  return new Promise((resolve) =>
    lines.on("close", () => {
      if (box) output.write(`${box.join("\n")}\n`);
      resolve();
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const child = spawn(process.execPath, [redoclyBin(), ...process.argv.slice(2)], {
    stdio: ["inherit", "inherit", "pipe"],
  });
  const copied = dropNodeNotice(child.stderr, process.stderr);
  child.on("close", async (code, signal) => {
    await copied;
    process.exit(code ?? (signal ? 1 : 0));
  });
}
