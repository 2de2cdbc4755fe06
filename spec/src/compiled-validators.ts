// Validators compiled once and reused by later processes. Each one is kept as ajv's standalone code in a
// folder, named by a hash of everything it was compiled from:
// - the versions of ajv and ajv-formats, and the options of the ajv instance;
// - the schema itself;
// - the document's schemas it refers to, directly or through others (all of them when a schema names itself
//   with `$id` or an anchor, or refers outside the document's schemas): an edit of one schema recompiles only
//   the validators that reach it.
// The validator of ajv's meta-schema, which checks each schema before it is compiled, is kept there too.
// A process that finds its validators there does not compile them, which is much cheaper (BENCHMARKS.md).
// Beside each file, V8's code cache of it (`.<hash of Node's version and the text>.v8`: V8 itself checks
// only the text's length), written when the first process that loads the file exits (its validators have run by then, so the
// cache holds their compiled code): later loads skip most of the parsing and compiling.
// Each file is written under a temporary name and then renamed, so processes that run at once may share the
// folder. A file that cannot be read or used is compiled again. A folder that cannot be written to costs only the time it
// would have saved. The files are code that runs: the folder must be as trusted as node_modules.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { exportedFunction } from "./common-js.js";
import { isIdnMailbox, isMailbox } from "./email-format.js";
import { isObject } from "./json.js";
import { type CompiledValidators, KEPT_FORMATS } from "./validator.js";

const require = createRequire(import.meta.url);
// ajv's standalone module is CommonJS: its default export may arrive wrapped once more under NodeNext.
const standaloneCode = exportedFunction(standaloneModule);
/** The formats of a validator as compiled (validator.ts): ajv-formats' full set, `email` replaced. */
const formats = {
  ...fullFormats,
  email: isMailbox,
  "idn-email": isIdnMailbox,
};
/** What a kept validator's `require` finds: its formats, or the module it names (ajv's runtime). */
const requireInKept = (id: string): unknown => (id === KEPT_FORMATS ? formats : require(id));
const versions = ["ajv", "ajv-formats"].map((name) => `${name}@${versionOf(name)}`).join(" ");

/** Keeps compiled validators in `dir` (created when the first one is saved). */
export function compiledValidatorsIn(dir: string): CompiledValidators {
  return {
    forRegistry(ajv, registry) {
      const base = createHash("sha256").update(`${versions}\n${optionsOf(ajv)}\n`);
      const reached = referenceClosure(registry);
      const fileOf = (schema: object) => {
        const hash = base.copy();
        const text = JSON.stringify(schema);
        const schemas = reached(text);
        hash.update(schemas === undefined ? JSON.stringify(registry) : JSON.stringify(schemas));
        return join(dir, `${hash.update("\n").update(text).digest("hex")}.cjs`);
      };
      // The meta-schema is ajv's own (JSON Schema 2020-12's): named by the versions and the options alone.
      const metaSchemaFile = join(dir, `${base.copy().update("default meta-schema").digest("hex")}.cjs`);
      return {
        load: (schema) => loadFrom(fileOf(schema)),
        save: (schema, validate) => saveTo(fileOf(schema), ajv, validate),
        loadMetaSchema: () => loadFrom(metaSchemaFile),
        saveMetaSchema: (validate) => saveTo(metaSchemaFile, ajv, validate),
      };
    },
  };
}

/** Kept files loaded without a usable code cache: their caches are written when the process exits. */
const uncached = new Map<string, Script>();

/** The validator kept in `file` (ajv's standalone code: its one export), or undefined. */
function loadFrom(file: string): ValidateFunction | undefined {
  try {
    const source = readFileSync(file, "utf8");
    const cacheFile = `${file}.${createHash("sha256").update(`${process.version}\n${source}`).digest("hex").slice(0, 32)}.v8`;
    const cachedData = readIfThere(cacheFile);
    const script = new Script(`(function (require, module, exports) {${source}\n})`, {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
    });
    if (!cachedData || script.cachedDataRejected) writeCodeCacheOnExit(cacheFile, script);
    const run: unknown = script.runInThisContext();
    const module: { exports: unknown } = { exports: undefined };
    if (typeof run === "function") run(requireInKept, module, {});
    return typeof module.exports === "function" ? (module.exports as ValidateFunction) : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes of `file`, or undefined when it cannot be read. */
function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCodeCacheOnExit(cacheFile: string, script: Script): void {
  if (uncached.size === 0) {
    process.once("exit", () => {
      for (const [file, loaded] of uncached) writeAtomically(file, loaded.createCachedData());
    });
  }
  uncached.set(cacheFile, script);
}

/** Keeps `validate` (compiled by `ajv`) in `file`. */
function saveTo(file: string, ajv: Ajv2020, validate: ValidateFunction): void {
  writeAtomically(file, standaloneCode(ajv, validate));
}

/** Writes `data` to `file` under a temporary name and renames it; a failure only means it is not kept. */
function writeAtomically(file: string, data: string | Buffer): void {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, data);
  } catch {
    return; // Not kept: the next process compiles (or parses) this again.
  }
  try {
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** The ajv instance's options as text (they hold a module that refers to itself: each object once). */
function optionsOf(ajv: Ajv2020): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(ajv.opts, (_key, value: unknown) => {
    if (typeof value !== "object" || value === null) return value;
    if (seen.has(value)) return undefined;
    seen.add(value);
    return value;
  });
}

/** The version a package's manifest states ("unknown" when it states none). */
function versionOf(name: string): string {
  const manifest: unknown = require(`${name}/package.json`);
  return isObject(manifest) && typeof manifest.version === "string" ? manifest.version : "unknown";
}

/** Where a local `$ref` into the registry points: `BUNDLE#/components/schemas/<name>…`. */
const SCHEMA_REF = /^https:\/\/cloud-contract\.invalid\/openapi\.json#\/components\/schemas\/([^/]+)/;
/** Keywords that give a schema a name of its own: a validator using them may depend on any schema. */
const NAMING = /"\$(id|anchor|dynamicAnchor|dynamicRef|recursiveRef|recursiveAnchor)":/;

/**
 * For a schema's JSON text, the registry's schemas it refers to, directly or through others, as
 * `[name, text]` pairs in name order; undefined when that cannot be told by its refs alone.
 */
function referenceClosure(registry: object): (text: string) => [string, string][] | undefined {
  const schemas =
    isObject(registry) && isObject(registry.components) ? registry.components.schemas : undefined;
  const texts = new Map<string, string>();
  const textOf = (name: string) => {
    let text = texts.get(name);
    if (text === undefined && isObject(schemas) && Object.hasOwn(schemas, name)) {
      text = JSON.stringify(schemas[name]);
      texts.set(name, text);
    }
    return text;
  };
  return (text) => {
    const found = new Map<string, string>();
    const pending = [text];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (NAMING.test(next)) return undefined;
      for (const [, ref] of next.matchAll(/"\$ref":("(?:[^"\\]|\\.)*")/g)) {
        const target = SCHEMA_REF.exec(JSON.parse(ref ?? '""'));
        const name = target?.[1] && decodeSegment(target[1]);
        const schema = name === undefined ? undefined : textOf(name);
        if (name === undefined || schema === undefined) return undefined;
        if (found.has(name)) continue;
        found.set(name, schema);
        pending.push(schema);
      }
    }
    return [...found].sort(([a], [b]) => (a < b ? -1 : 1));
  };
}

/** A JSON pointer segment of a URI fragment, as the name it stands for (undefined when it is not one). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return undefined;
  }
}
