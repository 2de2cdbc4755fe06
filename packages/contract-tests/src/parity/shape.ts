// The shape of a JSON body for parity: every field's JSON pointer (array items merged under `*`) and its
// type. Values are never compared — ids, times and free text differ between any two servers — only
// which fields there are and what type each has. A null, or an empty array, says nothing about what
// could be inside it, so the fields under it are not compared.
export type FieldType = "object" | "array" | "empty array" | "string" | "number" | "boolean" | "null";

export function shapeOf(
  value: unknown,
  pointer = "",
  out = new Map<string, FieldType>(),
): Map<string, FieldType> {
  if (value === null || value === undefined) {
    if (value === null) out.set(pointer, "null");
    return out;
  }
  if (Array.isArray(value)) {
    out.set(pointer, value.length === 0 ? "empty array" : "array");
    for (const item of value) shapeOf(item, `${pointer}/*`, out);
    return out;
  }
  if (typeof value === "object") {
    out.set(pointer, "object");
    for (const [key, item] of Object.entries(value)) {
      shapeOf(item, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`, out);
    }
    return out;
  }
  out.set(pointer, typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string");
  return out;
}

export interface FieldDifference {
  kind: "missing-field" | "extra-field" | "type";
  pointer: string;
  recorded: FieldType | undefined;
  target: FieldType | undefined;
}

const UNKNOWN_INSIDE: ReadonlySet<FieldType | undefined> = new Set(["null", "empty array"]);

/** Whether a pointer lies under a null or an empty array of this shape (nothing to say about it). */
function underUnknown(shape: Map<string, FieldType>, pointer: string): boolean {
  for (let at = pointer.lastIndexOf("/"); at > 0; at = pointer.lastIndexOf("/", at - 1)) {
    if (UNKNOWN_INSIDE.has(shape.get(pointer.slice(0, at)))) return true;
  }
  return UNKNOWN_INSIDE.has(shape.get(""));
}

/**
 * The fields the target's body lacks (missing), has in excess (extra) or types differently, against the
 * recorded body. A null on either side matches any type, and the fields under it are not compared.
 */
export function compareShapes(recorded: unknown, target: unknown): FieldDifference[] {
  const a = shapeOf(recorded);
  const b = shapeOf(target);
  const out: FieldDifference[] = [];
  for (const pointer of new Set([...a.keys(), ...b.keys()])) {
    const left = a.get(pointer);
    const right = b.get(pointer);
    if (left === right) continue;
    if (left === undefined) {
      if (!underUnknown(a, pointer))
        out.push({ kind: "extra-field", pointer, recorded: left, target: right });
      continue;
    }
    if (right === undefined) {
      if (!underUnknown(b, pointer))
        out.push({ kind: "missing-field", pointer, recorded: left, target: right });
      continue;
    }
    const arrays = new Set([left, right]);
    if (left === "null" || right === "null" || (arrays.has("array") && arrays.has("empty array"))) continue;
    out.push({ kind: "type", pointer, recorded: left, target: right });
  }
  return out.sort((x, y) => x.pointer.localeCompare(y.pointer));
}
