#!/usr/bin/env node
// pnpm release [--dry-run [--out DIR] | --registry URL] [--no-checks]
// Builds everything, runs the breaking-change gate, then publishes with `changeset publish` and records the
// published spec as the new baseline (spec/released/). `--help` lists the modes. Run `pnpm changeset version`
// (and commit) before a real release.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { npmHasLogin, publishedVersions, versionsOnRegistry } from "./registry-checks.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));

const USAGE = `usage: pnpm release [--dry-run [--out DIR] | --registry URL] [--no-checks]

  (no option)       build, run the breaking-change gate, publish the five packages with \`changeset publish\` to
                    the npm registry configured for @cloud-contract (or publishConfig), create their git tags and
                    record the published spec in spec/released/ (commit it)
  --dry-run         build, gate, then pack the five packages instead of publishing; prints where the tarballs are
  --out DIR         with --dry-run: leave the tarballs in DIR (default: a new folder in the OS temp folder)
  --registry URL    publish to URL only, as a trial (e.g. a local Verdaccio): no git tags, spec/released/ left as
                    it is, nothing in the repository changes; versions already on URL are skipped
  --no-checks       skip the build and the gate, for a caller that has just run them (the consumer check);
                    only with --dry-run or --registry: a real release always builds and gates
  -h, --help        this text`;

/** Prints one line about what is wrong with the command line and exits 2. */
function refuse(message) {
  console.error(`release: ${message} (see --help)`);
  process.exit(2);
}

function options(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        "dry-run": { type: "boolean" },
        out: { type: "string" },
        registry: { type: "string" },
        "no-checks": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    refuse(error.message.split("\n")[0]);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (parsed["dry-run"] && parsed.registry !== undefined)
    refuse("--dry-run and --registry do not go together");
  if (parsed.out !== undefined && !parsed["dry-run"]) refuse("--out is for --dry-run only");
  if (parsed["no-checks"] && !parsed["dry-run"] && parsed.registry === undefined) {
    refuse("--no-checks is for --dry-run or --registry only: a real release always builds and gates");
  }
  if (parsed.registry !== undefined && !/^https?:\/\/[^/\s]+/.test(parsed.registry)) {
    refuse(`--registry wants an http(s) URL, not "${parsed.registry}"`);
  }
  return parsed;
}

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (run.status !== 0) {
    console.error(`✖ ${title} failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
}

async function dryRun(out) {
  const { packPublishedPackages } = await import("../dist/pack.js");
  const { pendingBumps } = await import("../dist/release-plan.js");
  const bumps = [...(await pendingBumps(root))]
    .filter(([, type]) => type !== "none")
    .map(([name, type]) => `${name} (${type})`);
  console.log(`\n▶ pending changesets would release: ${bumps.length > 0 ? bumps.join(", ") : "nothing"}`);
  console.log("\n▶ dry run: packing instead of publishing");
  for (const [name, tarball] of packPublishedPackages(out)) {
    console.log(`  ${name}: ${tarball} (${Math.round(statSync(tarball).size / 1024)} KiB)`);
  }
  console.log(`\nNothing was published. The tarballs are in ${out}; inspect one with: tar -tzf <file>`);
}

const opts = options(process.argv.slice(2));
if (opts.registry !== undefined) {
  // Before minutes of build and gate: can npm publish there at all, and can the registry be asked?
  if (!npmHasLogin(opts.registry)) {
    console.error(
      `release: npm has no login for ${opts.registry}: run \`npm adduser --registry ${opts.registry}\` first ` +
        "(a local Verdaccio takes any name and password), then this command again",
    );
    process.exit(2);
  }
  if ((await versionsOnRegistry(opts.registry, publishedVersions(root))) === undefined) {
    console.error(`release: cannot ask ${opts.registry} for the packages: is the registry running there?`);
    process.exit(2);
  }
}
if (!opts["no-checks"]) {
  step("build", "pnpm", ["exec", "nx", "run-many", "-t", "lint", "bundle", "generate", "build", "docs"]);
  step("breaking-change gate", "node", [join(root, "packages/release/scripts/gate.mjs")]);
}

if (opts["dry-run"]) {
  const out = opts.out === undefined ? mkdtempSync(join(tmpdir(), "release-dry-run-")) : resolve(opts.out);
  mkdirSync(out, { recursive: true });
  await dryRun(out);
} else if (opts.registry !== undefined) {
  // changesets and the npm it runs take the registry from npm's own configuration variable.
  const env = { ...process.env, npm_config_registry: opts.registry };
  const versions = publishedVersions(root);
  const before = (await versionsOnRegistry(opts.registry, versions)) ?? new Set();
  // A registry that holds every version already gets nothing from `changeset publish`: it is not run.
  const held = versions.every((v) => before.has(`${v.name}@${v.version}`));
  if (!held)
    step(`publish to ${opts.registry}`, "pnpm", ["exec", "changeset", "publish", "--no-git-tag"], env);
  const after = held ? before : await versionsOnRegistry(opts.registry, versions);
  const published = versions
    .map((v) => `${v.name}@${v.version}`)
    .filter((id) => after?.has(id) && !before.has(id));
  if (after === undefined) {
    console.log(
      `\nchangeset publish ended well, but ${opts.registry} could not be asked afterwards what it holds.`,
    );
  } else if (published.length === 0) {
    console.log(
      `\nNothing was published: ${opts.registry} already has ${[...before].join(", ") || "these versions"}. ` +
        "Make new versions first with `pnpm changeset version`.",
    );
  } else {
    console.log(`\nPublished to ${opts.registry} only: ${published.join(", ")}.`);
    console.log("No git tag was made and spec/released/ is unchanged.");
  }
} else {
  step("publish", "pnpm", ["exec", "changeset", "publish"]);
  const { writeBaseline } = await import("../dist/baseline.js");
  console.log(
    `\nbaseline for the next gate: ${writeBaseline(root)} — commit it, then push the tags (git push --follow-tags)`,
  );
}
