// Results of the gate's costly, pure steps kept between processes, each in a file named by a hash of everything
// it was computed from: the gate's code (this package's source or build, the spec package's model, the lockfile)
// and the step's inputs. So a run on specs and recordings an earlier run judged loads the result instead of
// comparing, replaying and locating again. A file that is missing, unreadable or fails its own checksum is
// computed again; a folder that cannot be written costs only the time. A result JSON cannot carry exactly
// (an `undefined` inside, say) is never kept, so a kept result is always the one the step would return.
import { createHash, type Hash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface KeptResults {
  /** What `compute` returns for `inputs` (JSON values), loaded when an earlier run kept it. */
  get<T>(step: string, inputs: readonly unknown[], compute: () => Promise<T>): Promise<T>;
}

/** Keeps results in `dir` (created when the first one is saved). */
export function keptResultsIn(dir: string): KeptResults {
  return {
    async get(step, inputs, compute) {
      const hash = createHash("sha256").update(`${codeFingerprint()}\n${step}\n`);
      for (const input of inputs) hash.update(`${JSON.stringify(input) ?? "undefined"}\n`);
      const file = join(dir, `${step}-${hash.digest("hex")}.json`);
      const kept = load<Awaited<ReturnType<typeof compute>>>(file);
      if (kept !== undefined) return kept.value;
      const value = await compute();
      save(file, value);
      return value;
    },
  };
}

/**
 * Results of one step's many small parts (an operation compared, an exchange replayed), kept in one file per
 * step and code: a run that changes a few inputs computes only the parts they reach.
 */
export interface KeptParts<T> {
  /**
   * What `compute` returns for the part named `key` (a digest of everything the part reads, or a name whose
   * kept value `current` checks against what it read).
   */
  get(key: string, compute: () => T, current?: (value: T) => boolean): T;
  /** Keeps the parts this run used, and only those (so the file holds one run's parts, not every run's). */
  save(): void;
}

/** Keeps the parts of `step` in `dir` (created when they are first saved). */
export function keptPartsIn<T>(dir: string, step: string): KeptParts<T> {
  const file = join(dir, `${step}-${sha256(`${codeFingerprint()}\n${step}`)}.json`);
  let earlier: Record<string, { value: T }> | undefined;
  const used = new Map<string, { value: T }>();
  let computed = false;
  return {
    get(key, compute, current = () => true) {
      earlier ??= load<Record<string, { value: T }>>(file)?.value ?? {};
      const known = used.get(key) ?? (Object.hasOwn(earlier, key) ? earlier[key] : undefined);
      if (known && (used.has(key) || current(known.value))) {
        used.set(key, known);
        return known.value;
      }
      const value = compute();
      // A part JSON cannot carry exactly is computed again by every run.
      if (exactJson(value) !== undefined) {
        used.set(key, { value });
        computed = true;
      }
      return value;
    },
    save() {
      if (computed || (earlier !== undefined && Object.keys(earlier).length !== used.size))
        save(file, Object.fromEntries(used));
    },
  };
}

/** A kept result, or undefined when there is none or it is not whole. */
function load<T>(file: string): { value: T } | undefined {
  try {
    const text = readFileSync(file, "utf8");
    const newline = text.indexOf("\n");
    const body = text.slice(newline + 1);
    if (newline < 0 || text.slice(0, newline) !== sha256(body)) return undefined;
    return { value: JSON.parse(body) };
  } catch {
    return undefined;
  }
}

function save(file: string, value: unknown): void {
  const body = exactJson(value);
  if (body === undefined) return;
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, `${sha256(body)}\n${body}`);
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {} // Nothing was written there.
  }
}

/**
 * `value` as JSON when JSON carries it exactly, else undefined. A property whose value is undefined is left out,
 * as JSON does: readers of a result see no difference between it and an absent one.
 */
function exactJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, function (this: Record<string, unknown>, key: string) {
      const item = this[key]; // as it is, before any toJSON (a Date would become a string)
      if (item === undefined && !Array.isArray(this)) return item;
      const plain =
        item === null ||
        typeof item === "string" ||
        typeof item === "boolean" ||
        (typeof item === "number" && Number.isFinite(item) && !Object.is(item, -0)) ||
        Array.isArray(item) ||
        (typeof item === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(item)));
      if (!plain) throw new Error("not JSON");
      return item;
    });
  } catch {
    return undefined;
  }
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let fingerprint: string | undefined;

/**
 * A hash of the code that computes the results: every file of this package's code folder (src/ or dist/), of
 * the spec package's compiled model, and the workspace's lockfile (the versions of everything they import).
 */
function codeFingerprint(): string {
  // The gate's script names its code by the same files (scripts/gate-bundle.mjs): no need to read them again.
  fingerprint ??= process.env.CLOUD_CONTRACT_GATE_CODE || undefined;
  if (fingerprint === undefined) {
    const hash = createHash("sha256").update(`${process.version}\n`);
    const here = dirname(fileURLToPath(import.meta.url));
    hashFolder(hash, here);
    const spec = dirname(createRequire(import.meta.url).resolve("@cloud-contract/spec/package.json"));
    hashFolder(hash, join(spec, "dist", "lib"));
    const lockfile = join(here, "..", "..", "..", "pnpm-lock.yaml");
    if (existsSync(lockfile)) hash.update(readFileSync(lockfile));
    fingerprint = hash.digest("hex");
  }
  return fingerprint;
}

/** A hash of every file under `folder` but the names in `skip`: an input of a step that reads the folder. */
export function folderHash(folder: string, skip: ReadonlySet<string> = new Set()): string {
  const hash = createHash("sha256");
  hashFolder(hash, folder, skip);
  return hash.digest("hex");
}

/** A hash of the spec's folder but its outputs (node_modules, dist): what its sources are. */
export const specSourceHash = (root: string) =>
  folderHash(join(root, "spec"), new Set(["node_modules", "dist"]));

/** A hash of a file's bytes, or of its absence: an input of a step that reads the file. */
export function fileHash(file: string): string {
  return existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "absent";
}

/** Every file under `folder` (its path and bytes), in a fixed order. */
function hashFolder(hash: Hash, folder: string, skip: ReadonlySet<string> = new Set()): void {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (skip.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) hashFolder(hash, path, skip);
    else if (entry.isFile()) hash.update(`${path}\n`).update(readFileSync(path));
  }
}
