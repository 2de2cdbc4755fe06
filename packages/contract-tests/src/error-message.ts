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

/**
 * `text` with every control character (C0, DEL, C1, the Unicode line and paragraph separators) escaped as in
 * JSON (`\n`, `\u001b`): text that came from outside (a recorded header) prints on the line it belongs to and
 * can neither forge a line nor drive the terminal.
 */
export function escapeControls(text: string): string {
  return text.replace(
    CONTROLS,
    (c) => NAMED_CONTROLS[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED_CONTROLS: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
