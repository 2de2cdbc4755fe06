import { writeFileSync } from "node:fs";

/** Writes a HAR 1.2 file of one recorded GET of `url` answered 200 with the JSON `text`. */
export function writeRecordedGet(
  file: string,
  url: string,
  text: string,
  requestHeaders: { name: string; value: string }[] = [],
): void {
  const entry = {
    startedDateTime: new Date().toISOString(),
    time: 1,
    request: {
      method: "GET",
      url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: requestHeaders,
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [{ name: "content-type", value: "application/json" }],
      content: { size: text.length, mimeType: "application/json", text },
      redirectURL: "",
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
  const log = { version: "1.2", creator: { name: "test", version: "1" }, entries: [entry] };
  writeFileSync(file, JSON.stringify({ log }));
}
