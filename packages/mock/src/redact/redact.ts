// Keeps secrets off the disk: every recorded exchange passes through a Redactor before it is written.
// Redacted by place: the credential of the Authorization, Cookie, X-Auth-Token and API-key headers (the
// scheme word stays), every property the spec or the sandbox's control API marks as secret
// (`x-secret: true` or `format: password`: the push token, passwords, `user_data`, `api_key`) wherever it
// appears in a JSON body or a query, and the token inside push URLs. Redacted by value: every credential
// seen (seen-credentials.ts, the last 32) — sent as one, or answered in a secret property (a tenant's keys) —
// wherever it shows up again (a URL path, another header, a body, a tag value).
// Bodies too deep or too large to parse are redacted as text. Ids are kept; replacements keep the shapes
// the spec asks for (a URL stays a URL, base64 stays base64).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadDocument, openDocument } from "@cloud-contract/spec/document";
import type { Entry } from "har-format";
import { jsonDepthAtMost } from "./json-depth.js";
import { REDACTED } from "./redact-word.js";
import { SeenCredentials } from "./seen-credentials.js";

export { jsonDepthAtMost } from "./json-depth.js";
export { SeenCredentials } from "./seen-credentials.js";
export { REDACTED };

/** Headers whose value is a credential. */
const SECRET_HEADERS = new Set([
  "authorization",
  "cookie",
  "set-cookie",
  "proxy-authorization",
  "x-api-key",
  "x-auth-token",
]);
/** Scheme words of the Authorization header: not secrets (a header of the scheme alone carries no key). */
const SCHEME_WORDS = /^(apikey|bearer|basic|digest|token)$/i;
/** JSON nested deeper than this is redacted as text (never walked). */
export const MAX_JSON_DEPTH = 64;

const isPushUrlField = (key: string) => key.toLowerCase().includes("push_url");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names of the properties the API's spec and the sandbox's control API mark as secret, lower-cased. */
export function secretFieldNames(): Set<string> {
  const names = new Set([...loadDocument().secretProperties].map((n) => n.toLowerCase()));
  try {
    const file = fileURLToPath(import.meta.resolve("@cloud-contract/mock/control/openapi.json"));
    const control = openDocument(JSON.parse(readFileSync(file, "utf8")));
    for (const name of control.secretProperties) names.add(name.toLowerCase());
  } catch {
    // Without the mock's built control API, its `api_key` is still named below.
  }
  names.add("api_key");
  return names;
}

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
  private readonly fields: ReadonlySet<string>;
  /** A JSON member whose name is a secret field, for bodies redacted as text. */
  private readonly fieldPattern: RegExp;
  /**
   * What a JSON text holding anything to redact must contain: a secret field's name as a string, a push URL
   * field, or an escape (`\u…`) that could spell either. A text without any is kept as it came, unparsed.
   */
  private readonly mayHoldSecrets: RegExp;
  /** A query parameter whose name is a secret field. */
  private readonly queryNamePattern: RegExp;
  /** The credentials seen so far, replaced wherever they show up again. */
  readonly seen = new SeenCredentials();

  constructor(fields: Iterable<string> = secretFieldNames()) {
    this.fields = new Set([...fields].map((f) => f.toLowerCase()));
    const names = [...this.fields].map(escapeRegExp).join("|");
    this.fieldPattern = new RegExp(`("(?:${names})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*")`, "gi");
    this.mayHoldSecrets = new RegExp(`"(?:${names})"|push_url|\\\\u`, "i");
    this.queryNamePattern = new RegExp(`[?&](?:${names})(?=[=&]|$)`, "i");
  }

  /** Remembers the value of a JSON string literal (as written in a text) as a credential seen. */
  private rememberJsonString(literal: string): void {
    try {
      this.seen.remember(JSON.parse(literal) as string);
    } catch {
      this.seen.remember(literal.slice(1, -1));
    }
  }

  /** Replaces the secret fields of a parsed JSON body. Depth is bounded by the caller. */
  private scrubJson(value: unknown, inPushUrls = false): unknown {
    if (Array.isArray(value)) return value.map((item) => this.scrubJson(item, inPushUrls));
    if (typeof value === "string") return inPushUrls ? scrubPushUrl(value) : value;
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (this.fields.has(key.toLowerCase()) && item !== null) {
        // A secret handed out here (a tenant's key) is redacted wherever it shows up later too.
        if (typeof item === "string") this.seen.remember(item);
        out[key] = REDACTED;
      } else {
        out[key] = this.scrubJson(item, inPushUrls || isPushUrlField(key));
      }
    }
    return out;
  }

  /** A body's text with its secrets replaced: walked as JSON when it is JSON and not too deep, else as text. */
  scrubText(text: string | undefined, mimeType: string | undefined): string | undefined {
    if (text === undefined || text === "" || !this.mayHoldSecrets.test(text)) return text;
    if (/json/i.test(mimeType ?? "") && jsonDepthAtMost(text, MAX_JSON_DEPTH)) {
      try {
        return JSON.stringify(this.scrubJson(JSON.parse(text)));
      } catch {
        // Not JSON after all: redacted as text below.
      }
    }
    return text.replace(this.fieldPattern, (_whole, member: string, value: string) => {
      this.rememberJsonString(value);
      return `${member}"${REDACTED}"`;
    });
  }

  private scrubHeaders<H extends { name: string; value: string }>(headers: H[]): H[] {
    return headers.map((header) => {
      if (!SECRET_HEADERS.has(header.name.toLowerCase())) return header;
      const [first = "", ...rest] = header.value.trim().split(/\s+/);
      // `<scheme> <credential>`: the scheme word stays.
      if (rest.length > 0) return { ...header, value: `${first} ${REDACTED}` };
      if (SCHEME_WORDS.test(first) || first === "") return header;
      return { ...header, value: REDACTED };
    });
  }

  /** The request's URL and its query list, with secret parameters replaced. */
  private scrubQuery(raw: string): Pick<Entry["request"], "url" | "queryString"> {
    const at = raw.indexOf("?");
    if (at === -1) return { url: raw, queryString: [] };
    let url = raw;
    let search = raw.slice(at);
    // Names spelled plainly (nothing escaped, no fragment) and none secret: nothing to replace or parse.
    if (/[%+#]/.test(search) || this.queryNamePattern.test(search)) {
      try {
        const parsed = new URL(raw);
        let changed = false;
        for (const [name] of [...parsed.searchParams]) {
          if (!this.fields.has(name.toLowerCase())) continue;
          parsed.searchParams.set(name, REDACTED);
          changed = true;
        }
        if (changed) url = parsed.toString();
        search = parsed.search;
      } catch {
        // Not a URL: kept as it came.
      }
    }
    return { url, queryString: [...new URLSearchParams(search)].map(([name, value]) => ({ name, value })) };
  }

  /** A copy of the entry with nothing secret left in it: by place, then every credential seen by value. */
  redact(entry: Entry): Entry {
    this.seen.learnHeaders(entry.request.headers);
    this.seen.learnUrl(entry.request.url);
    return this.scrubSeen(this.redactByPlace(entry));
  }

  /** Every string of the entry that can carry a credential, with the credentials seen replaced. */
  private scrubSeen(entry: Entry): Entry {
    const scrub = (text: string) => this.seen.scrub(text);
    const headers = <H extends { name: string; value: string }>(list: H[]) =>
      list.map((header) => ({ ...header, value: scrub(header.value) }));
    const { request, response } = entry;
    return {
      ...entry,
      request: {
        ...request,
        url: scrub(request.url),
        headers: headers(request.headers),
        queryString: request.queryString.map((q) => ({ ...q, name: scrub(q.name), value: scrub(q.value) })),
        ...(request.postData?.text === undefined
          ? {}
          : { postData: { mimeType: request.postData.mimeType, text: scrub(request.postData.text) } }),
      },
      response: {
        ...response,
        headers: headers(response.headers),
        redirectURL: scrub(response.redirectURL),
        content: {
          ...response.content,
          ...(response.content.text === undefined ? {} : { text: scrub(response.content.text) }),
        },
      },
    };
  }

  private redactByPlace(entry: Entry): Entry {
    const headers = this.scrubHeaders(entry.request.headers);
    const request = { ...entry.request, ...this.scrubQuery(entry.request.url), headers };
    if (request.postData?.text !== undefined) {
      const text = this.scrubText(request.postData.text, request.postData.mimeType) ?? "";
      request.postData = { mimeType: request.postData.mimeType, text };
    }
    const response = { ...entry.response, headers: this.scrubHeaders(entry.response.headers) };
    const text = this.scrubText(response.content.text, response.content.mimeType);
    response.content = { ...response.content, ...(text === undefined ? {} : { text }) };
    return { ...entry, request, response };
  }
}
