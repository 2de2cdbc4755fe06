// The parts of vendor-check.mjs: PUBLIC-REFERENCE.md's checkable rows, their checks against a vendor file, and the
// vocabulary of the spec (property names, enum values, patterns) matched against the vendor's.

/** A table cell naming a vendor file, a JSON pointer into it and a check: `` `f.yaml#/a/b` no format ``. */
const CELL_CHECK = /`([\w.-]+\.yaml)#(\/[^`]*)`\s+([^;|]+)/g;

/** Every table row with a `file#/pointer` check; one entry per check (a cell may hold several, `;`-separated). */
export function readRows(readme) {
  const rows = [];
  readme.split("\n").forEach((text, index) => {
    if (!text.startsWith("|")) return;
    for (const [, file, pointer, check] of text.matchAll(CELL_CHECK)) {
      rows.push({ line: index + 1, file, pointer, check: check.trim() });
    }
  });
  return rows;
}

/** The items of the "No counterpart" table: its first cells, `` `property name` ``. */
export function readUnmatched(readme) {
  const start = readme.search(/^#+ No counterpart/m);
  if (start === -1) return new Set();
  const section = readme.slice(start).split(/\n#+ /)[0] ?? "";
  const items = new Set();
  for (const line of section.split("\n")) {
    const cell = /^\|\s*`([^`]+)`/.exec(line);
    // A `|` inside a table cell is written `\|`.
    if (cell?.[1]) items.add(cell[1].replaceAll("\\|", "|"));
  }
  return items;
}

const pointerSegment = (segment) => decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");

/** The node at `pointer` in `doc`, following a `$ref` met on the way; undefined when it does not resolve. */
export function resolvePointer(doc, pointer) {
  let node = doc;
  for (const segment of pointer.split("/").slice(1)) {
    node = follow(doc, node);
    if (node === null || typeof node !== "object") return undefined;
    node = node[pointerSegment(segment)];
    if (node === undefined) return undefined;
  }
  return follow(doc, node);
}

function follow(doc, node, seen = 0) {
  if (seen > 20 || !node || typeof node !== "object" || typeof node.$ref !== "string") return node;
  if (!node.$ref.startsWith("#/")) return node;
  return follow(doc, resolvePointer(doc, node.$ref.slice(1)), seen + 1);
}

/** The node and the schemas it is a choice or a combination of (anyOf, oneOf, allOf, items), resolved. */
function branches(doc, node, out = []) {
  const resolved = follow(doc, node);
  if (!resolved || typeof resolved !== "object" || out.includes(resolved)) return out;
  out.push(resolved);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const branch of Array.isArray(resolved[key]) ? resolved[key] : []) branches(doc, branch, out);
  }
  if (resolved.items) branches(doc, resolved.items, out);
  return out;
}

const names = (text) =>
  text
    .split(/[,\s]+/)
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Why `row`'s check fails in its vendor file, or undefined when it holds. Checks: `exists`; `no K` / `has K`
 * (a keyword absent from / present in the node and its branches); `required A, B` / `not required A` (of an
 * object's `required`); `enum A, B` (the values of the node's or its branches' enum, as a set).
 */
export function checkRow(row, files) {
  const doc = files.get(row.file);
  if (!doc) return `no vendor file ${row.file}`;
  const node = resolvePointer(doc, row.pointer);
  if (node === undefined) return "the pointer does not resolve";
  const [verb, ...rest] = names(row.check);
  const all = branches(doc, node);
  const has = (keyword) => all.some((schema) => keyword in schema);
  if (verb === "exists") return undefined;
  if (verb === "no") return has(rest[0]) ? `it has ${rest[0]}` : undefined;
  if (verb === "has") return has(rest[0]) ? undefined : `it has no ${rest[0]}`;
  if (verb === "required" || (verb === "not" && rest[0] === "required")) {
    const wanted = verb === "required" ? rest : rest.slice(1);
    const required = new Set(
      all.flatMap((schema) => (Array.isArray(schema.required) ? schema.required : [])),
    );
    const wrong = wanted.filter((name) => required.has(name) !== (verb === "required"));
    return wrong.length === 0
      ? undefined
      : `${wrong.join(", ")} ${verb === "required" ? "not " : ""}required`;
  }
  if (verb === "enum") {
    const values = new Set(all.flatMap((schema) => (Array.isArray(schema.enum) ? schema.enum : [])));
    const same = values.size === rest.length && rest.every((value) => values.has(value));
    return same ? undefined : `its enum is ${[...values].join(", ") || "(none)"}`;
  }
  return `unknown check "${row.check}"`;
}

/** Each spec property name, string enum value and pattern, as `property x`, `enum value x`, `pattern x`. */
export function specVocabulary(bundle) {
  const items = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    if (node.properties && typeof node.properties === "object" && !Array.isArray(node.properties)) {
      for (const name of Object.keys(node.properties)) items.add(`property ${name}`);
    }
    if (Array.isArray(node.enum)) {
      for (const value of node.enum) if (typeof value === "string") items.add(`enum value ${value}`);
    }
    if (typeof node.pattern === "string") items.add(`pattern ${node.pattern}`);
    for (const [key, value] of Object.entries(node)) if (key !== "examples" && key !== "example") walk(value);
  };
  walk(bundle.paths);
  walk(bundle.components?.schemas);
  walk(bundle.components?.parameters);
  walk(bundle.components?.responses);
  return [...items].sort();
}

/** What the vendor's files (and the interface text) name: every key, string and word, and every pattern. */
export function counterparts(files, text) {
  const known = new Set();
  const words = (value) => {
    for (const word of value.match(/[\w.+-]+/g) ?? []) {
      known.add(`property ${word}`);
      known.add(`enum value ${word}`);
    }
  };
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node === "string") {
      known.add(`enum value ${node}`);
      return words(node);
    }
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      words(key);
      if (key === "pattern" && typeof value === "string") known.add(`pattern ${value}`);
      walk(value);
    }
  };
  for (const doc of files.values()) walk(doc);
  words(text);
  return known;
}
