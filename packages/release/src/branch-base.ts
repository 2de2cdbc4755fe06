// The spec this branch started from: the merge-base of HEAD with `main` (or a ref given), bundled from git
// objects alone (no network, no checkout of the working tree), so that the gate can tell what this branch
// adds from what was already pending before it.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { GateInputError } from "./gate-input-error.js";
import { PUBLISHED_PACKAGES } from "./packages.js";
import { workspacePath } from "./workspace.js";

/** The base a branch is judged against, or why there is none. */
export type BranchBase =
  | { ref: string; commit: string; spec: unknown; versions: Record<string, string>; changesets: string[] }
  | { ref: string; notice: string };

export const DEFAULT_BASE_REF = "main";

function git(root: string, args: string[]): { ok: boolean; out: string; err: string } {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { ok: run.status === 0, out: run.stdout ?? "", err: (run.stderr ?? String(run.error ?? "")).trim() };
}

/** The commit a branch is judged against and the workspace's folder in its repository, or why there is none. */
export type BaseCommit = { ref: string; commit: string; prefix: string } | { ref: string; notice: string };

/**
 * The merge-base of HEAD with `ref` (two git processes, no object read): what names the base among the inputs
 * of a kept report. When there is none (not a git repository, no `ref`), a notice saying why. A ref given
 * explicitly that git does not know is an input error.
 */
export function baseCommit(root: string, ref: string | undefined): BaseCommit {
  const wanted = ref ?? DEFAULT_BASE_REF;
  const where = git(root, ["rev-parse", "--is-inside-work-tree", "--show-toplevel"]);
  if (!where.ok) return { ref: wanted, notice: `${root} is not a git repository` };
  const top = where.out.split("\n")[1]?.trim() ?? "";
  // A fresh clone has `main` as `origin/main` only. The merge-base is asked first (one git process when the
  // ref is there); only when there is none does git say whether the ref exists.
  let known: string | undefined;
  let commit: string | undefined;
  for (const r of [wanted, `origin/${wanted}`]) {
    const mergeBase = git(root, ["merge-base", "HEAD", r]);
    if (mergeBase.ok) [known, commit] = [r, mergeBase.out.trim()];
    else if (git(root, ["rev-parse", "--verify", "--quiet", `${r}^{commit}`]).ok) known = r;
    if (known !== undefined) break;
  }
  if (known === undefined) {
    if (ref !== undefined) throw new GateInputError(`--base ${ref}: git knows no such commit`);
    return { ref: wanted, notice: `no branch ${wanted} (nor origin/${wanted}) to compare with` };
  }
  if (commit === undefined) return { ref: known, notice: `HEAD and ${known} have no merge-base` };
  return { ref: known, commit, prefix: relativeTo(top, root) };
}

/**
 * The base at `at` (baseCommit): its bundled spec, the package versions it had, and the changeset files this
 * branch adds since it (committed or not); or a notice when its spec does not bundle there.
 */
export function branchBase(root: string, at: BaseCommit): BranchBase {
  if ("notice" in at) return at;
  const { ref: known, commit, prefix } = at;
  // The spec folder's tree id, the published packages' manifests and the changesets of the working tree at the
  // base, read by one git process.
  const changesets = changesetFiles(root);
  const [tree, ...atBase] = objectsAt(root, [
    `${commit}:${prefix}spec`,
    ...PUBLISHED_PACKAGES.map((pkg) => `${commit}:${prefix}${pkg.dir}/package.json`),
    ...changesets.map((file) => `${commit}:${prefix}${file}`),
  ]);
  const manifests = atBase.slice(0, PUBLISHED_PACKAGES.length);
  const added = changesets.filter((_, index) => !atBase[PUBLISHED_PACKAGES.length + index]);
  const bundled = bundleAt(root, commit, prefix, tree?.id);
  if ("notice" in bundled) return { ref: known, notice: bundled.notice };
  const versions: Record<string, string> = {};
  PUBLISHED_PACKAGES.forEach((pkg, index) => {
    const manifest = manifests[index];
    if (manifest) versions[pkg.name] = JSON.parse(manifest.content.toString("utf8")).version;
  });
  return { ref: known, commit, spec: bundled.spec, versions, changesets: added };
}

/** Git objects by name (`commit:path`): each one's id and content, or undefined when git has none. */
function objectsAt(root: string, names: string[]): Array<{ id: string; content: Buffer } | undefined> {
  const run = spawnSync("git", ["cat-file", "--batch"], {
    cwd: root,
    input: names.map((name) => `${name}\n`).join(""),
    maxBuffer: 256 * 1024 * 1024,
  });
  const out = run.status === 0 ? run.stdout : Buffer.alloc(0);
  let at = 0;
  return names.map(() => {
    const end = out.indexOf(10, at);
    if (end < 0) return undefined;
    const [id = "", , size] = out.subarray(at, end).toString("utf8").split(" ");
    if (size === undefined) {
      at = end + 1; // `<name> missing` (or ambiguous): no content follows
      return undefined;
    }
    const content = out.subarray(end + 1, end + 1 + Number(size));
    at = end + 1 + Number(size) + 1;
    return { id, content };
  });
}

/** The workspace's folder inside the repository, as a prefix of git paths (`""` at the top). */
const relativeTo = (top: string, root: string) => {
  const rel = relative(realpathSync(top), realpathSync(root)).split(sep).join("/");
  return rel === "" ? "" : `${rel}/`;
};

/** The spec at `commit`, bundled with the workspace's Redocly; kept by the spec folder's tree id. */
function bundleAt(
  root: string,
  commit: string,
  prefix: string,
  tree: string | undefined,
): { spec: unknown } | { notice: string } {
  if (tree === undefined) return { notice: `${commit.slice(0, 12)} has no spec folder` };
  const cached = join(root, "node_modules", ".cache", "release-gate", `spec-${tree}.json`);
  if (!existsSync(cached)) {
    const scratch = mkdtempSync(join(tmpdir(), "gate-base-"));
    try {
      const archive = spawnSync("git", ["archive", "--format=tar", `${commit}:${prefix}spec`], {
        cwd: root,
        maxBuffer: 512 * 1024 * 1024,
      });
      const unpack = spawnSync("tar", ["-x", "-C", scratch], { input: archive.stdout });
      if (archive.status !== 0 || unpack.status !== 0)
        return { notice: `cannot read the spec at ${commit.slice(0, 12)} from git` };
      const out = join(scratch, "openapi.json");
      const bundle = spawnSync(
        process.execPath,
        [redoclyBin(), "bundle", "openapi.yaml", "--config", "redocly.yaml", "-o", out],
        { cwd: scratch, encoding: "utf8" },
      );
      if (bundle.status !== 0 || !existsSync(out))
        return { notice: `the spec at ${commit.slice(0, 12)} does not bundle` };
      mkdirSync(dirname(cached), { recursive: true });
      // Copied beside the cache first (the temp folder may be another file system), then renamed into place.
      const staging = `${cached}.${process.pid}.tmp`;
      copyFileSync(out, staging);
      renameSync(staging, cached);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return { spec: JSON.parse(readFileSync(cached, "utf8")) };
}

/** The CLI script of the Redocly this repository's spec package pins. */
function redoclyBin(): string {
  const require = createRequire(workspacePath("spec", "package.json"));
  const manifest = require.resolve("@redocly/cli/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  return join(dirname(manifest), typeof bin === "string" ? bin : bin.redocly);
}

/**
 * The changeset files of the working tree (`.changeset/*.md` but its README), committed or not: those the base
 * lacks are the ones this branch adds.
 */
function changesetFiles(root: string): string[] {
  const folder = join(root, ".changeset");
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md") && !/^README\.md$/i.test(entry.name))
    .map((entry) => `.changeset/${entry.name}`)
    .sort();
}
