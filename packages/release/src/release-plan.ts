import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { parse as parseYaml } from "yaml";
import { fileHash, folderHash, keptResultsIn } from "./kept-results.js";

export type BumpType = "major" | "minor" | "patch" | "none";

/** What a release plan is read from: the manifests, the workspace's list of packages, the changesets folder. */
export async function releasePlanHash(root: string): Promise<string> {
  const manifests = [
    "package.json",
    "pnpm-workspace.yaml",
    ...(await workspaceDirs(root)).map((d) => join(d, "package.json")),
  ];
  return [
    folderHash(join(root, ".changeset")),
    ...manifests.map((rel) =>
      existsSync(join(root, rel)) ? `${rel} ${readFileSync(join(root, rel), "utf8")}` : rel,
    ),
  ].join("\n");
}

/**
 * Reads the pending changesets of the workspace at `root` and returns the bump each package will get
 * once they are applied — after changesets' own rules (linked packages, dependents), not just what the
 * markdown files say.
 */
export async function pendingBumps(root: string): Promise<Map<string, BumpType>> {
  // Loaded when a plan is read (a run whose plans are kept never reads one). The package is CommonJS: under
  // NodeNext its default import may arrive wrapped once more.
  const module = await import("@changesets/get-release-plan");
  const getReleasePlan = ((module.default as unknown as { default?: typeof module.default }).default ??
    module.default) as typeof module.default;
  const plan = await getReleasePlan(root);
  return new Map(plan.releases.map((r) => [r.name, r.type as BumpType]));
}

/**
 * The bumps of some of the changesets only (`files`, relative to `root`), after the same rules: read from a
 * copy of the workspace's manifests and changeset configuration that holds just those changesets.
 */
export async function bumpsOf(root: string, files: readonly string[]): Promise<Map<string, BumpType>> {
  if (files.length === 0) return new Map();
  const view = mkdtempSync(join(tmpdir(), "gate-changesets-"));
  try {
    const copy = (rel: string) => {
      if (!existsSync(join(root, rel))) return;
      mkdirSync(join(view, rel, ".."), { recursive: true });
      copyFileSync(join(root, rel), join(view, rel));
    };
    for (const rel of [
      "package.json",
      "pnpm-workspace.yaml",
      ".changeset/config.json",
      ".changeset/pre.json",
    ])
      copy(rel);
    for (const dir of await workspaceDirs(root)) copy(join(dir, "package.json"));
    for (const file of files) copy(join(".changeset", basename(file)));
    return await pendingBumps(view);
  } finally {
    rmSync(view, { recursive: true, force: true });
  }
}

/** The package folders `pnpm-workspace.yaml` names (`dir` and `dir/*` patterns). */
async function workspaceDirs(root: string): Promise<string[]> {
  return (await workspacePatterns(root)).flatMap((pattern: string) => {
    if (!pattern.endsWith("/*")) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, parent, d.name, "package.json")))
      .map((d) => join(parent, d.name));
  });
}

/**
 * The `packages` of `pnpm-workspace.yaml`, kept by its bytes among the gate's results: a run whose report is
 * kept loads no YAML parser (its loading and first parse cost more than the rest of the release plan's hash).
 */
async function workspacePatterns(root: string): Promise<string[]> {
  const file = join(root, "pnpm-workspace.yaml");
  if (!existsSync(file)) return [];
  const kept = keptResultsIn(join(root, "node_modules", ".cache", "release-gate", "results"));
  return kept.get("workspace-patterns", [fileHash(file)], async () => {
    // yaml is CommonJS: bundled by esbuild, a dynamic import of it gives its exports as `default` alone.
    const yaml: { parse?: typeof parseYaml; default?: { parse: typeof parseYaml } } = await import("yaml");
    const parse = yaml.parse ?? yaml.default?.parse;
    if (!parse) throw new Error("the yaml package has no parse()");
    const listed: unknown = parse(readFileSync(file, "utf8"))?.packages ?? [];
    return Array.isArray(listed) ? listed : [];
  });
}
