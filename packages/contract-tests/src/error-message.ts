// What a caught value says: its message when it is an Error, its code when it has one (ENOENT, ECONNREFUSED).
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A system error's code (`ENOENT`), else its message. */
export function codeOf(error: unknown): string {
  if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
  return messageOf(error);
}
