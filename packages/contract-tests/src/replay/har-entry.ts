// One entry of a HAR log, checked before anything judges it: a log from someone else's traffic may hold
// anything. Either the fields replay and parity read, in their types (the answer's text decoded when the
// HAR says `encoding: base64`; the texts they print with control characters escaped), or an Error saying
// what is wrong — a JSON body nested too deep to judge included — so the entry is skipped by name.

import { jsonDepthAtMost, MAX_JSON_DEPTH } from "@cloud-contract/mock/redact";
import { mediaType } from "@cloud-contract/spec/document";
import { escapeControls } from "../error-message.js";

export interface HarHeader {
  name: string;
  value: string;
}

export interface ReadEntry {
  method: string;
  url: URL;
  requestHeaders: HarHeader[];
  /** The request body as recorded, when there was one. */
  requestBody: { mimeType: string; text: string } | undefined;
  status: number;
  responseHeaders: HarHeader[];
  /** The answer's content type: its header, else the content's mimeType. */
  contentType: string | null;
  /** The answer's body as text (decoded from base64 when the HAR says so). */
  responseText: string;
  startedAt: number;
  /** Time to the answer's first byte, in ms. */
  waitMs: number;
  /** The operation the recorder judged the exchange as, if it said. */
  operationId: string | undefined;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null;

function headersOf(value: unknown, where: string): HarHeader[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where} is not a list`);
  return value.map((header, n) => {
    if (!isObject(header) || typeof header.name !== "string" || typeof header.value !== "string") {
      throw new Error(`${where}[${n}] is not a header (name, value)`);
    }
    return { name: header.name, value: header.value };
  });
}

const headerOf = (headers: HarHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value ?? null;

const finiteOr = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

function textOf(content: Loose): string {
  const { text, encoding } = content;
  if (text === undefined) return "";
  if (typeof text !== "string") throw new Error("response.content.text is not text");
  if (encoding === undefined) return text;
  if (encoding !== "base64")
    throw new Error(`response.content.encoding ${JSON.stringify(encoding)} is not base64`);
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(text)) throw new Error("response.content.text is not base64");
  return Buffer.from(text, "base64").toString("utf8");
}

/** A JSON body nested deeper than a recorder keeps walkable cannot be judged: the entry is refused by name. */
function checkDepth(text: string, contentType: string | null, which: "request" | "response"): void {
  if (!/json/.test(mediaType(contentType) ?? "") || jsonDepthAtMost(text, MAX_JSON_DEPTH)) return;
  throw new Error(`the ${which} body nests deeper than ${MAX_JSON_DEPTH} levels; it is not judged`);
}

/** The entry's fields, checked; throws saying what is wrong. */
export function readEntry(entry: unknown): ReadEntry {
  if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) {
    throw new Error("not an entry (request, response)");
  }
  const { request, response } = entry;
  if (typeof request.method !== "string" || !/^[A-Za-z]+$/.test(request.method)) {
    throw new Error("request.method is not a method");
  }
  let url: URL;
  try {
    url = new URL(String(request.url));
  } catch {
    throw new Error(`request.url ${JSON.stringify(String(request.url).slice(0, 200))} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("request.url is not http(s)");
  const status = response.status;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 100 || status > 599) {
    throw new Error(`response.status ${JSON.stringify(status)} is not an HTTP status`);
  }
  const content = response.content ?? {};
  if (!isObject(content)) throw new Error("response.content is not an object");
  const postData = request.postData;
  if (
    postData !== undefined &&
    (!isObject(postData) || (postData.text !== undefined && typeof postData.text !== "string"))
  ) {
    throw new Error("request.postData is not a body (mimeType, text)");
  }
  const responseHeaders = headersOf(response.headers, "response.headers");
  const mimeType = typeof content.mimeType === "string" && content.mimeType ? content.mimeType : null;
  const timings = isObject(entry.timings) ? entry.timings : {};
  const recordedType = headerOf(responseHeaders, "content-type") ?? mimeType;
  const contentType = recordedType === null ? null : escapeControls(recordedType);
  const responseText = textOf(content);
  checkDepth(responseText, contentType, "response");
  const requestBody =
    postData === undefined
      ? undefined
      : {
          mimeType: typeof postData.mimeType === "string" ? escapeControls(postData.mimeType) : "",
          text: typeof postData.text === "string" ? postData.text : "",
        };
  if (requestBody) checkDepth(requestBody.text, requestBody.mimeType, "request");
  return {
    method: request.method.toUpperCase(),
    url,
    requestHeaders: headersOf(request.headers, "request.headers"),
    requestBody,
    status,
    responseHeaders,
    contentType,
    responseText,
    startedAt: finiteOr(Date.parse(String(entry.startedDateTime)), 0),
    waitMs: Math.max(0, finiteOr(timings.wait, finiteOr(entry.time, 0))),
    operationId: typeof entry._operationId === "string" ? escapeControls(entry._operationId) : undefined,
  };
}
