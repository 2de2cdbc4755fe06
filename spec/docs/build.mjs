// Builds the API reference: spec/openapi.yaml → spec/dist/docs/index.html, one self-contained file.
// Run: pnpm run docs or pnpm docs:build (root; bare `pnpm docs` is npm's docs command). Options: --out <file>.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const specDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const defaultOutput = join(specDir, "dist", "docs", "index.html");

/** Runs `redocly build-docs` with the docs config and template; throws when it fails. */
export function buildDocs(output = defaultOutput, { quiet = false } = {}) {
  mkdirSync(dirname(output), { recursive: true });
  const bin = join(specDir, "node_modules", ".bin", "redocly");
  const args = [
    "build-docs",
    "openapi.yaml",
    "--config",
    "docs/redocly.yaml",
    "--template",
    "docs/template.hbs",
    "--inlineBundle",
    "--title",
    "Cloud platform API reference",
    "--output",
    output,
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const run = spawnSync(bin, args, { cwd: specDir, env, encoding: "utf8" });
  if (run.status !== 0) {
    throw new Error(`redocly build-docs failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  const html = withTryIt(replaceRemoteLogos(readFileSync(output, "utf8")));
  writeFileSync(output, html);
  assertSelfContained(html);
  if (!quiet) console.log(`docs: wrote ${output}`);
  return output;
}

// Redoc 3 always renders its attribution ("API docs by" + a logo image fetched from Redocly's CDN) and
// has no option to turn it off. The inlined bundle's two logo URLs are swapped for a plain text mark
// carried in the page itself, so the browser never asks the CDN for anything.
const REMOTE_LOGOS = [
  "https://cdn.redoc.ly/redoc/logo-mini-full.svg",
  "https://cdn.redoc.ly/redoc/logo-mini.svg",
];
const LOCAL_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="44" height="14" viewBox="0 0 44 14">' +
    '<text x="0" y="11" font-family="sans-serif" font-size="11" fill="#555">Redoc</text></svg>',
)}`;

/** Replaces the remote attribution logos with a local one; throws when Redoc no longer has them. */
export function replaceRemoteLogos(html) {
  let out = html;
  for (const url of REMOTE_LOGOS) {
    if (!out.includes(url)) throw new Error(`Redoc no longer references ${url}: review replaceRemoteLogos`);
    out = out.replaceAll(url, LOCAL_LOGO);
  }
  return out;
}

// The Try it panel and the in-process sandbox it sends to are @cloud-contract/mock's code, and mock depends
// on this package: the page takes mock's browser bundle by its workspace path (nx builds it first, spec's
// `docs` target depends on `mock:try-it`) instead of a package dependency that would close a cycle.
export const tryItBundle = resolve(specDir, "..", "packages", "mock", "dist-browser", "try-it.js");

/** Inlines the Try it bundle at the end of the body; throws when it has not been built. */
export function withTryIt(html, bundle = tryItBundle) {
  if (!existsSync(bundle)) {
    throw new Error(`${bundle} is missing: build it with \`pnpm exec nx run mock:try-it\``);
  }
  // An inline script ends at the first `</script`: none may stay inside the bundle's strings.
  const code = readFileSync(bundle, "utf8").replace(/<\/script/gi, "<\\/script");
  const at = html.lastIndexOf("</body>");
  if (at < 0) throw new Error("docs page has no </body> to put the Try it script before");
  return `${html.slice(0, at)}<script id="try-it">${code}</script>\n${html.slice(at)}`;
}

/** The built page must not pull scripts, styles or fonts from anywhere: everything is inline. */
export function assertSelfContained(html) {
  const external = html.match(/<(script|link)\b[^>]*\b(src|href)=["'][^"']+["'][^>]*>/gi) ?? [];
  if (external.length > 0) throw new Error(`docs page loads external resources: ${external.join(" ")}`);
  if (html.includes("cdn.redoc.ly/redoc/logo")) throw new Error("docs page still points at the remote logo");
  if (!html.includes("Content-Security-Policy"))
    throw new Error("docs page lacks its Content-Security-Policy");
  if (!html.includes('<script id="try-it">')) throw new Error("docs page lacks its Try it script");
  if (!html.includes('"disableTelemetry":true')) throw new Error("docs page has Redoc telemetry switched on");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf("--out");
  buildDocs(i > 0 ? resolve(process.argv[i + 1]) : defaultOutput);
}
