/** One recorded exchange, as a test writes it. */
export interface Recorded {
  method: string;
  url: string;
  status: number;
  body?: unknown;
  requestBody?: unknown;
}

/** A HAR 1.2 log of the exchanges, shaped like the ones `contract-tests record` writes. */
export function harOf(exchanges: Recorded[]): string {
  const json = (value: unknown) => ({ mimeType: "application/json", text: JSON.stringify(value) });
  const entries = exchanges.map((e) => ({
    startedDateTime: "2026-05-01T10:00:00.000Z",
    time: 1,
    request: {
      method: e.method,
      url: e.url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [{ name: "authorization", value: "APIKey [redacted]" }],
      queryString: [...new URL(e.url).searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: -1,
      ...(e.requestBody === undefined ? {} : { postData: json(e.requestBody) }),
    },
    response: {
      status: e.status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [{ name: "content-type", value: "application/json" }],
      content: { size: -1, ...json(e.body ?? {}) },
      redirectURL: "",
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  }));
  return JSON.stringify(
    { log: { version: "1.2", creator: { name: "test", version: "1" }, entries } },
    null,
    2,
  );
}
