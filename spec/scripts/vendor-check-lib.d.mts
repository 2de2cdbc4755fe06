// Types of vendor-check-lib.mjs, for its test.
export interface ReadmeRow {
  line: number;
  file: string;
  pointer: string;
  check: string;
}
export function readRows(readme: string): ReadmeRow[];
export function readUnmatched(readme: string): Set<string>;
export function resolvePointer(doc: unknown, pointer: string): unknown;
export function checkRow(row: ReadmeRow, files: Map<string, unknown>): string | undefined;
export function specVocabulary(bundle: unknown): string[];
export function counterparts(files: Map<string, unknown>, text: string): Set<string>;
