#!/usr/bin/env node
// pnpm release [--dry-run]
// Builds everything, runs the breaking-change gate, then publishes with `changeset publish` and records the
// published spec as the new baseline (spec/released/). With --dry-run it packs every published package
// into a temporary folder and lists the tarballs instead of publishing. Run `pnpm changeset version`
// (and commit) before a real release.
import { spawnSync } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dryRun = process.argv.includes("--dry-run");

function step(title, command, args) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`✖ ${title} failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
}

step("build", "pnpm", ["exec", "nx", "run-many", "-t", "lint", "bundle", "generate", "build", "docs"]);
step("breaking-change gate", "node", [join(root, "packages/release/scripts/gate.mjs")]);

if (dryRun) {
  const { packPublishedPackages } = await import("../dist/pack.js");
  const out = mkdtempSync(join(tmpdir(), "release-dry-run-"));
  const { pendingBumps } = await import("../dist/release-plan.js");
  const bumps = [...(await pendingBumps(root))]
    .filter(([, type]) => type !== "none")
    .map(([name, type]) => `${name} (${type})`);
  console.log(`\n▶ pending changesets would release: ${bumps.length > 0 ? bumps.join(", ") : "nothing"}`);
  console.log("\n▶ dry run: packing instead of publishing");
  for (const [name, tarball] of packPublishedPackages(out)) {
    console.log(`  ${name}: ${tarball} (${Math.round(statSync(tarball).size / 1024)} KiB)`);
  }
  console.log("\nNothing was published. Inspect a tarball with: tar -tzf <file>");
} else {
  step("publish", "pnpm", ["exec", "changeset", "publish"]);
  const { writeBaseline } = await import("../dist/baseline.js");
  console.log(
    `\nbaseline for the next gate: ${writeBaseline(root)} — commit it, then push the tags (git push --follow-tags)`,
  );
}
