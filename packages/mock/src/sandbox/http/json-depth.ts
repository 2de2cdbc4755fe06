// How deeply JSON nests, told without recursion: a body nested past the bound is refused (400) before any
// recursive code (the schema check, number handling) walks it and runs out of stack.

/** The deepest nesting of arrays and objects the sandbox takes in a body, a stored answer included. */
export const MAX_JSON_DEPTH = 64;

/** Whether the JSON text nests arrays and objects deeper than `max` (strings skipped; the text not parsed). */
export function textNestsDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a parsed value nests arrays and objects deeper than `max`. */
export function valueNestsDeeper(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== "object") continue;
    if (depth + 1 > max) return true;
    for (const member of Object.values(node)) pending.push([member, depth + 1]);
  }
  return false;
}
