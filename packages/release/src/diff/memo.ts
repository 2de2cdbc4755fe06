/** A cache per document and pointer: documents are never changed while they are compared. */
export function documentMemo<N extends { ptr: string }, T>(
  compute: (doc: object, node: N) => T,
): (doc: object, node: N) => T {
  const byDocument = new WeakMap<object, Map<string, T>>();
  return (doc, node) => {
    const { ptr } = node;
    let byPointer = byDocument.get(doc);
    if (!byPointer) {
      byPointer = new Map();
      byDocument.set(doc, byPointer);
    }
    let value = byPointer.get(ptr);
    if (value === undefined) {
      value = compute(doc, node);
      byPointer.set(ptr, value);
    }
    return value;
  };
}
