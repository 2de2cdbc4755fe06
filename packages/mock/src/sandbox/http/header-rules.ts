// What a header an override (or any stored answer) adds must be for Node to write it and a client to read it:
// an RFC 9110 token for a name, a value of visible ASCII or Latin-1 without CR or LF, and none of the headers
// that frame the message or belong to one connection (the server states those from what it sends).

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Tab, visible ASCII, space and U+0080–U+00FF: what `node:http` writes (RFC 9110 §5.5, obs-text). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Headers the sandbox states itself from the body it sends, and the hop-by-hop ones. */
export const SERVER_OWNED_HEADERS: ReadonlySet<string> = new Set([
  "content-type",
  "content-length",
  "transfer-encoding",
  "content-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "trailer",
  "te",
  "proxy-connection",
]);

/** Most headers one answer may add, and most characters of their names and values together. */
export const MAX_ADDED_HEADERS = 50;
export const MAX_ADDED_HEADER_CHARS = 8 * 1024;

/** Each problem of the headers, by header name (`""` for the set as a whole); empty when they may be sent. */
export function headerProblems(headers: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  const entries = Object.entries(headers);
  if (entries.length > MAX_ADDED_HEADERS) problems[""] = `at most ${MAX_ADDED_HEADERS} headers`;
  let chars = 0;
  for (const [name, value] of entries) {
    chars += name.length + (typeof value === "string" ? value.length : 0);
    if (!TOKEN.test(name)) problems[name] = "is not a header name (an RFC 9110 token)";
    else if (SERVER_OWNED_HEADERS.has(name.toLowerCase())) problems[name] = "is stated by the sandbox itself";
    else if (typeof value !== "string") problems[name] = "must be a string";
    else if (!FIELD_VALUE.test(value)) {
      problems[name] = "must hold visible ASCII or Latin-1 (up to U+00FF) without CR, LF or other controls";
    }
  }
  if (chars > MAX_ADDED_HEADER_CHARS)
    problems[""] = `at most ${MAX_ADDED_HEADER_CHARS} characters of names and values`;
  return problems;
}
