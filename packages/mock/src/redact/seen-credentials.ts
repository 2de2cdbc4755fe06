// The credentials the record proxy has seen — the values of credential headers (Authorization, X-Auth-Token,
// X-Api-Key, Cookie, …), of key-like query parameters (`?key=`, `?token=`, …) and of the --upstream URL's user
// and password — remembered (the last LIMIT of them) so that each is replaced wherever it shows up again: in
// a URL path, another header, a body, a line printed on the terminal.
import { REDACTED } from "./redact-word.js";

/** How many credentials are remembered: the most recent ones. */
export const REMEMBERED_CREDENTIALS = 32;
/** Shorter values are too common (`1`, `true`) to be replaced wherever they appear. */
const MIN_LENGTH = 6;

const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "x-auth-token",
  "x-api-key",
  "api-key",
  "apikey",
  "x-access-token",
  "cookie",
]);
const CREDENTIAL_QUERY =
  /^(?:key|api[-_]?key|access[-_]?token|auth[-_]?token|token|auth|secret|password|passwd|signature|sig)$/i;
const SCHEME_WORDS = /^(?:apikey|bearer|basic|digest|token)$/i;

export class SeenCredentials {
  /** Oldest first. */
  private readonly values: string[] = [];

  constructor(private readonly limit = REMEMBERED_CREDENTIALS) {}

  remember(raw: string): void {
    const value = raw.trim();
    if (value.length < MIN_LENGTH) return;
    const at = this.values.indexOf(value);
    if (at !== -1) this.values.splice(at, 1);
    this.values.push(value);
    if (this.values.length > this.limit) this.values.shift();
  }

  /** The credential of each credential header: the value after its scheme word, a Basic password, a cookie's values. */
  learnHeaders(headers: ReadonlyArray<{ name: string; value: string }>): void {
    for (const { name, value } of headers) {
      const lower = name.toLowerCase();
      if (!CREDENTIAL_HEADERS.has(lower)) continue;
      if (lower === "cookie") {
        for (const pair of value.split(";")) this.remember(pair.slice(pair.indexOf("=") + 1));
        continue;
      }
      const [first = "", ...rest] = value.trim().split(/\s+/);
      const credential = SCHEME_WORDS.test(first) ? rest.join(" ") : value;
      this.remember(credential);
      if (/^basic$/i.test(first)) this.learnUserInfo(Buffer.from(credential, "base64").toString("utf8"));
    }
  }

  /** The values of key-like query parameters, and the URL's user and password. */
  learnUrl(text: string): void {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return;
    }
    for (const [name, value] of url.searchParams) if (CREDENTIAL_QUERY.test(name)) this.remember(value);
    if (url.username) this.remember(decodeURIComponent(url.username));
    if (url.password) this.remember(decodeURIComponent(url.password));
  }

  /** `user:password` of Basic authorization: the password is the secret (and the pair). */
  private learnUserInfo(pair: string): void {
    const colon = pair.indexOf(":");
    if (colon === -1) return;
    this.remember(pair);
    this.remember(pair.slice(colon + 1));
  }

  /** `text` with every remembered credential replaced, as written, URL-encoded or escaped in JSON. */
  scrub(text: string): string {
    let out = text;
    // Longest first: a credential that holds another is replaced whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) {
        if (out.includes(form)) out = out.replaceAll(form, REDACTED);
      }
    }
    return out;
  }
}
