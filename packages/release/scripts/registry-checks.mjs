// What `release --registry URL` checks before its build, and after its publish: that npm holds a login for
// the registry (else npm's ENEEDAUTH would come only after minutes of build and gate), and which of the
// packages' versions the registry has (so that a publish that changed nothing says so).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** npm's key prefix for a registry's credentials: `//host[:port]/path/`, as npm writes it into `.npmrc`. */
export function registryKey(url) {
  const parsed = new URL(url);
  const path = parsed.pathname.endsWith("/") ? parsed.pathname : `${parsed.pathname}/`;
  return `//${parsed.host}${path}`;
}

/**
 * Whether npm's configuration (user, project, global and environment, as `npm config list` resolves it) holds a
 * credential for `url`: a token, a basic `_auth`, or a user name for it, or a token for every registry.
 */
export function npmHasLogin(url, env = process.env) {
  const listed = spawnSync("npm", ["config", "list"], {
    encoding: "utf8",
    env: { ...env, npm_config_update_notifier: "false" },
    timeout: 30_000,
  });
  if (listed.status !== 0) return false;
  const key = registryKey(url);
  return listed.stdout.split("\n").some((line) => {
    const name = line.split(" = ")[0]?.trim().replace(/^"|"$/g, "") ?? "";
    return (
      name === "_authToken" ||
      name === "_auth" ||
      [":_authToken", ":_auth", ":username"].some((suffix) => name === `${key}${suffix}`)
    );
  });
}

/** The name and version of each workspace package that is published (not `private`): spec and packages/*. */
export function publishedVersions(root) {
  const dirs = ["spec", ...readdirSync(join(root, "packages")).map((name) => join("packages", name))];
  return dirs.flatMap((dir) => {
    const file = join(root, dir, "package.json");
    if (!existsSync(file)) return [];
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    return manifest.private ? [] : [{ name: manifest.name, version: manifest.version }];
  });
}

/**
 * Which of `wanted` (name and version) the registry at `url` holds: the set of `name@version` it answered, or
 * undefined when it could not be asked (unreachable, or it refused to say).
 */
export async function versionsOnRegistry(url, wanted) {
  const held = new Set();
  for (const { name, version } of wanted) {
    const response = await packumentOf(url, name);
    if (response === undefined) return undefined;
    if (response.status === 404) {
      await response.body?.cancel();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    const packument = await response.json().catch(() => ({}));
    if (packument?.versions && version in packument.versions) held.add(`${name}@${version}`);
  }
  return held;
}

/**
 * The registry's answer for `name`'s packument, or undefined when it cannot be reached. Asked twice at most: a
 * kept-alive connection the registry closed while a publish ran fails the first time.
 */
async function packumentOf(url, name) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await fetch(new URL(name.replace("/", "%2f"), url.endsWith("/") ? url : `${url}/`), {
        headers: { accept: "application/vnd.npm.install-v1+json" },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {}
  }
  return undefined;
}
