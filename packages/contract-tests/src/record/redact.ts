// Keeps secrets off the disk: every recorded exchange passes through a Redactor before it is written.
// Redacted: the Authorization and Cookie headers (the scheme word stays), the stream push `token`, the
// token inside push URLs, and `password` / `user_data` / `token` in requests. Once seen, a secret is
// replaced wherever it shows up later (headers, URLs, bodies) in any exchange of the recording.
// Ids are kept. Replacements keep the shapes the spec asks for (a URL stays a URL, base64 stays base64).
import type { Entry } from "har-format";

/** What a redacted value becomes. Letters only: valid inside a URL and as base64. */
export const REDACTED = "REDACTED";

/** Body fields that are secrets wherever they appear. */
const SECRET_FIELDS = new Set(["token", "password", "user_data"]);
/** Headers whose value is a credential. */
const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "proxy-authorization"]);
/** Scheme words of the Authorization header: not secrets (a header of the scheme alone carries no key). */
const SCHEME_WORDS = /^(apikey|bearer|basic|digest|token)$/i;
/** Shorter strings are not replaced everywhere: they would hit unrelated text. */
const MIN_SECRET_LENGTH = 6;

const isPushUrlField = (key: string) => key.toLowerCase().includes("push_url");

/** A push URL with its token parts replaced: `?<token>`, `#<token>`, `/<id>_<token>/whip`. */
export function scrubPushUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return REDACTED;
  }
  if (url.hash) url.hash = REDACTED;
  // A bare query (`?<token>`) is the token; named parameters other than ids are treated as secrets.
  if (url.search && !url.search.includes("=")) url.search = REDACTED;
  else {
    for (const [name] of [...url.searchParams]) {
      if (!/id$/i.test(name)) url.searchParams.set(name, REDACTED);
    }
  }
  url.pathname = url.pathname.replace(/\/(\d+)_[^/]+(?=\/|$)/, `/$1_${REDACTED}`);
  return url.toString();
}

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Remembers a secret so that it is replaced wherever it appears from now on. */
  private remember(value: unknown): void {
    if (typeof value === "string" && value.length >= MIN_SECRET_LENGTH && value !== REDACTED) {
      this.secrets.add(value);
    }
  }

  /** Replaces secret fields of a parsed JSON body (in place) and remembers their values. */
  private scrubJson(value: unknown, inPushUrls = false): unknown {
    if (Array.isArray(value)) return value.map((item) => this.scrubJson(item, inPushUrls));
    if (typeof value === "string") return inPushUrls ? scrubPushUrl(value) : value;
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_FIELDS.has(key.toLowerCase()) && typeof item === "string") {
        this.remember(item);
        out[key] = REDACTED;
      } else {
        out[key] = this.scrubJson(item, inPushUrls || isPushUrlField(key));
      }
    }
    return out;
  }

  private scrubText(text: string | undefined, mimeType: string | undefined): string | undefined {
    if (text === undefined || text === "" || !/json/i.test(mimeType ?? "")) return text;
    try {
      return JSON.stringify(this.scrubJson(JSON.parse(text)));
    } catch {
      return text;
    }
  }

  private scrubHeaders<H extends { name: string; value: string }>(headers: H[]): H[] {
    return headers.map((header) => {
      if (!SECRET_HEADERS.has(header.name.toLowerCase())) return header;
      const [first = "", ...rest] = header.value.trim().split(/\s+/);
      if (rest.length > 0) {
        // `<scheme> <credential>`: the scheme word stays.
        this.remember(rest.join(" "));
        return { ...header, value: `${first} ${REDACTED}` };
      }
      if (SCHEME_WORDS.test(first) || first === "") return header;
      this.remember(first);
      return { ...header, value: REDACTED };
    });
  }

  /** Replaces every remembered secret in a serialized entry, in its raw, JSON and URL forms. */
  private replaceKnown(serialized: string): string {
    let text = serialized;
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])) {
        text = text.split(form).join(REDACTED);
      }
    }
    return text;
  }

  /** A copy of the entry with nothing secret left in it. */
  redact(entry: Entry): Entry {
    const request = { ...entry.request, headers: this.scrubHeaders(entry.request.headers) };
    request.queryString = request.queryString.map((q) => {
      if (!SECRET_FIELDS.has(q.name.toLowerCase())) return q;
      this.remember(q.value);
      return { ...q, value: REDACTED };
    });
    if (request.postData?.text !== undefined) {
      const text = this.scrubText(request.postData.text, request.postData.mimeType) ?? "";
      request.postData = { mimeType: request.postData.mimeType, text };
    }
    const response = { ...entry.response, headers: this.scrubHeaders(entry.response.headers) };
    const text = this.scrubText(response.content.text, response.content.mimeType);
    response.content = { ...response.content, ...(text === undefined ? {} : { text }) };
    return JSON.parse(this.replaceKnown(JSON.stringify({ ...entry, request, response }))) as Entry;
  }
}
