// What an ESM import of a CommonJS module holds: Node hands over `module.exports`, a bundler the `default`
// export of a module marked `__esModule`. These pick the export itself out of either, so callers need no cast.

/** What the import of a CommonJS module whose export is `T` may hold. */
export type CommonJsImport<T> = T | { default: T };

/** The function a CommonJS module exports (ajv-formats, ajv's standalone), as itself or under `default`. */
export function exportedFunction<F extends (...args: never[]) => unknown>(imported: CommonJsImport<F>): F {
  return typeof imported === "function" ? imported : imported.default;
}
