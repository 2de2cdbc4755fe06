import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";
import { gateMain } from "../cli/gate.js";

export const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));

export const write = (file: string, value: unknown) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
};

/**
 * A throwaway workspace shaped like ours (the five published packages at 1.0.0, the repository's real
 * .changeset/config.json), with `released` as the baseline and `current` as the candidate bundle.
 */
export function workspace(
  released: unknown,
  current: unknown,
  changesets: Record<string, string> = {},
): string {
  const root = mkdtempSync(join(tmpdir(), "gate-"));
  write(join(root, "package.json"), { name: "ws", private: true, version: "0.0.0" });
  write(join(root, "pnpm-workspace.yaml"), "packages:\n  - spec\n  - packages/*\n");
  const pkg = (dir: string, name: string, deps: Record<string, string> = {}) =>
    write(join(root, dir, "package.json"), { name, version: "1.0.0", dependencies: deps });
  pkg("spec", "@cloud-contract/spec");
  pkg("packages/types", "@cloud-contract/types", { "@cloud-contract/spec": "workspace:*" });
  pkg("packages/client", "@cloud-contract/client", { "@cloud-contract/types": "workspace:*" });
  pkg("packages/mock", "@cloud-contract/mock", { "@cloud-contract/spec": "workspace:*" });
  pkg("packages/contract-tests", "@cloud-contract/contract-tests", {
    "@cloud-contract/client": "workspace:*",
  });
  mkdirSync(join(root, ".changeset"));
  copyFileSync(join(repoRoot, ".changeset", "config.json"), join(root, ".changeset", "config.json"));
  for (const [file, text] of Object.entries(changesets)) write(join(root, ".changeset", file), text);
  write(join(root, "spec", "released", "openapi.json"), released);
  write(join(root, "spec", "released", "versions.json"), {
    "@cloud-contract/types": "1.0.0",
    "@cloud-contract/client": "1.0.0",
  });
  write(join(root, "spec", "dist", "openapi.json"), current);
  // Removed when the test that made it ends (a module-level afterEach ran for the first file that loaded this
  // module only: the files share one module graph).
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** Runs the gate's command in-process; `today` is fixed so dates in fixtures stay meaningful. */
export async function gate(root: string, ...args: string[]) {
  const lines: string[] = [];
  const argv = ["--root", root, ...(args.includes("--today") ? [] : ["--today", "2026-06-01"]), ...args];
  const code = await gateMain(argv, "/nonexistent", (l) => lines.push(l));
  return { code, output: lines.join("\n") };
}
