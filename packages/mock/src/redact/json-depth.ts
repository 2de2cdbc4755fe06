// How deep a JSON text nests, found without parsing it: a recorder keeps bodies deeper than its limit as
// text (walking them would exhaust the stack). A text with few brackets is answered by counting them (a
// fast search); the rest by one scan that skips strings.

/** Whether the brackets of `text` (outside strings) nest at most `limit` deep. */
export function jsonDepthAtMost(text: string, limit: number): boolean {
  if (openersAtMost(text, limit)) return true;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return true;
}

/** Whether `text` has at most `limit` opening brackets, strings included: then it cannot nest deeper. */
function openersAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of ["{", "["]) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}
