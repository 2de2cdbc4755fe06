/** A cache per document and pointer: documents are never changed while they are compared. */
export function documentMemo<T>(compute: (doc: object, ptr: string) => T): (doc: object, ptr: string) => T {
  const byDocument = new WeakMap<object, Map<string, T>>();
  return (doc, ptr) => {
    let byPointer = byDocument.get(doc);
    if (!byPointer) {
      byPointer = new Map();
      byDocument.set(doc, byPointer);
    }
    let value = byPointer.get(ptr);
    if (value === undefined) {
      value = compute(doc, ptr);
      byPointer.set(ptr, value);
    }
    return value;
  };
}
