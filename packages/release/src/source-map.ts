import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { SourceLocation } from "./diff/types.js";
import type { KeptParts } from "./kept-results.js";

/** Where a pointer is written, and the files (relative to the root file's folder) and hashes its walk read. */
export interface KeptLocation {
  at: SourceLocation | null;
  files: [string, string][];
}

const hashes = new Map<string, string>();
/** A file's content hash ("" when there is none), read once per process. */
function contentHash(file: string): string {
  let hash = hashes.get(file);
  if (hash === undefined) {
    hash = existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "";
    hashes.set(file, hash);
  }
  return hash;
}

interface ParsedFile {
  root: Node | null;
  lines: LineCounter;
}

/**
 * Maps a JSON pointer of the bundle back to the file and line of `spec/` it comes from, by walking the
 * multi-file source from `openapi.yaml` and following its file `$ref`s. A component the root does not list
 * lives, by the folder's convention, in `components/<section>/<Name>.yaml` (the bundler names it after the
 * file). A pointer that goes deeper than the source (a removed node) stops at its deepest written ancestor.
 */
export function sourceLocator(
  specDir: string,
  rootFile = "openapi.yaml",
  kept?: KeptParts<KeptLocation>,
): (pointer: string) => SourceLocation | undefined {
  const files = new Map<string, ParsedFile | undefined>();
  /** The files the walk under way has read. */
  let read = new Set<string>();
  const load = (file: string): ParsedFile | undefined => {
    read.add(file);
    if (!files.has(file)) {
      if (!existsSync(file)) files.set(file, undefined);
      else {
        const lines = new LineCounter();
        const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter: lines });
        files.set(file, { root: doc.contents as Node | null, lines });
      }
    }
    return files.get(file);
  };
  const rootPath = resolve(specDir, rootFile);
  const cache = new Map<string, SourceLocation | undefined>();

  return (pointer) => {
    if (cache.has(pointer)) return cache.get(pointer);
    const located = kept ? keptWalk(kept, pointer) : walk(pointer);
    cache.set(pointer, located);
    return located;
  };

  /** A walk kept from an earlier run while the files it read are as they were. */
  function keptWalk(store: KeptParts<KeptLocation>, pointer: string): SourceLocation | undefined {
    const base = dirname(rootPath);
    const compute = (): KeptLocation => {
      read = new Set();
      const at = walk(pointer);
      return { at: at ?? null, files: [...read].map((f) => [relative(base, f), contentHash(f)]) };
    };
    const current = ({ files }: KeptLocation) =>
      files.every(([f, hash]) => contentHash(join(base, f)) === hash);
    return store.get(`${rootPath}#${pointer}`, compute, current).at ?? undefined;
  }

  function walk(pointer: string): SourceLocation | undefined {
    let file = rootPath;
    let parsed = load(file);
    if (!parsed) return undefined;
    let node: Node | null | undefined = parsed.root;
    let at = node?.range?.[0] ?? 0;
    const segments = pointer
      .replace(/^#/, "")
      .split("/")
      .slice(1)
      .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
    const followRefs = () => {
      for (let hops = 0; hops < 16 && isMap(node); hops++) {
        const ref = node.get("$ref");
        if (typeof ref !== "string" || ref.startsWith("#")) return;
        const [target = "", fragment] = ref.split("#");
        const next = resolve(dirname(file), target);
        const nextParsed = load(next);
        if (!nextParsed) return;
        file = next;
        parsed = nextParsed;
        node = nextParsed.root;
        for (const part of (fragment ?? "").split("/").filter(Boolean))
          node = isMap(node) ? (node.get(part, true) as Node) : node;
      }
    };
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index] ?? "";
      followRefs();
      let next: Node | undefined;
      let keyStart: number | undefined;
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
        next = pair?.value as Node | undefined;
        keyStart = (pair?.key as Node | undefined)?.range?.[0];
      } else if (isSeq(node)) next = node.items[Number(segment)] as Node | undefined;
      if (next === undefined && file === rootPath && segments[0] === "components" && index <= 2) {
        const conventional = join(dirname(rootPath), "components", segments[1] ?? "", `${segments[2]}.yaml`);
        const loaded = load(conventional);
        if (!loaded) break;
        file = conventional;
        parsed = loaded;
        node = loaded.root;
        at = node?.range?.[0] ?? 0;
        index = 2;
        continue;
      }
      if (next === undefined) break;
      node = next;
      at = keyStart ?? next.range?.[0] ?? at;
    }
    return { file: relative(dirname(dirname(rootPath)), file), line: parsed.lines.linePos(at).line };
  }
}
