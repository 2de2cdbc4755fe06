// How deep a JSON text nests, found by one scan without parsing it: a recorder keeps bodies deeper than
// its limit as text (walking them would exhaust the stack).

/** Whether the brackets of `text` (outside strings) nest at most `limit` deep. */
export function jsonDepthAtMost(text: string, limit: number): boolean {
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
