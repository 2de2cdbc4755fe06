// What a caught value says: its message when it is an Error, its code when it has one (ENOENT, ECONNREFUSED).
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A system error's code (`ENOENT`), else its message. */
export function codeOf(error: unknown): string {
  if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
  return messageOf(error);
}

/** `text` on one line: each line break (and the spaces around it) as ` ⏎ `, for the one line a CLI prints. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ⏎ ");
}
