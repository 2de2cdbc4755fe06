// The process Prism runs in, started by startPrism (./prism.ts) as `node prism-process.cjs <prism-cli entry>
// mock …`. Prism runs in this process itself — no shell in between — so killing its PID stops the server.
// Two things happen before Prism's CLI is loaded:
// - The process exits as soon as its stdin closes: when the parent dies without cleaning up (even by SIGKILL),
//   the pipe closes and Prism goes with it.
// - Prism's response generator loads `@faker-js/faker`, whose main module builds all of its 50-odd locales:
//   about half of Prism's start, on every start. Prism only ever uses the English one, so that module is
//   answered with faker's English build. Where the layout or the module's shape is not the one known
//   here, nothing is replaced and Prism loads faker itself.
import nodeModule = require("node:module");

process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

/** The faker module Prism's generator asks for, answered with the English faker (see above). */
function answerFakerWithEnglish(prismCli: string): void {
  try {
    const fromCli = nodeModule.createRequire(prismCli);
    const fromGenerator = nodeModule.createRequire(fromCli.resolve("@stoplight/prism-http"));
    const english = fromGenerator("@faker-js/faker/locale/en") as Record<string, unknown>;
    // Faker 6's English module is a ready faker instance (Prism's generator uses it as the default export).
    if (typeof english.fake !== "function" || typeof english.datatype !== "object") return;
    const main = fromGenerator.resolve("@faker-js/faker");
    const standIn = new nodeModule.Module(main);
    standIn.filename = main;
    standIn.loaded = true;
    standIn.exports = { __esModule: true, default: english, faker: english };
    require.cache[main] = standIn;
  } catch {
    // Not the known layout: Prism loads faker as it is.
  }
}

// argv: [node, this script, Prism's CLI entry, …Prism's arguments]. Prism reads its arguments from
// process.argv[2] on, as if it had been started as `node <entry> …`.
process.argv.splice(1, 1);
const prismCli = process.argv[1] as string;
answerFakerWithEnglish(prismCli);
require(prismCli);
