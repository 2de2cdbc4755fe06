import type { Entry } from "har-format";
import { describe, expect, it } from "vitest";
import { REDACTED, Redactor, scrubPushUrl } from "./redact.js";

const TOKEN = "9b2f6c1e47a04d8e8f3a5c7d2e1b0a96";

function entry(parts: {
  headers?: Array<[string, string]>;
  url?: string;
  request?: unknown;
  response?: unknown;
}): Entry {
  const url = parts.url ?? "http://127.0.0.1:1/streaming/streams/7/reset_push_token";
  return {
    startedDateTime: "2026-11-21T00:00:00.000Z",
    time: 1,
    request: {
      method: "POST",
      url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: (parts.headers ?? []).map(([name, value]) => ({ name, value })),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: 0,
      ...(parts.request === undefined
        ? {}
        : { postData: { mimeType: "application/json", text: JSON.stringify(parts.request) } }),
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [{ name: "content-type", value: "application/json" }],
      content: { size: 0, mimeType: "application/json", text: JSON.stringify(parts.response ?? {}) },
      redirectURL: "",
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

describe("scrubPushUrl", () => {
  it.each([
    [`rtmp://push.example.com/in/1352417?${TOKEN}`, `rtmp://push.example.com/in/1352417?${REDACTED}`],
    [
      `srt://push.example.com:5001?streamid=1352417#${TOKEN}`,
      `srt://push.example.com:5001?streamid=1352417#${REDACTED}`,
    ],
    [`https://whip.example.com/1352417_${TOKEN}/whip`, `https://whip.example.com/1352417_${REDACTED}/whip`],
  ])("%s → %s (the stream id stays, the token goes)", (url, expected) => {
    expect(scrubPushUrl(url)).toBe(expected);
  });
});

describe("Redactor", () => {
  it.each([
    ["apikey secret-key-1", `apikey ${REDACTED}`],
    ["Bearer secret-key-1", `Bearer ${REDACTED}`],
    ["secret-key-1", REDACTED],
    ["apikey", "apikey"],
  ])("redacts the Authorization header %j as %j (the scheme word stays)", (value, expected) => {
    const redactor = new Redactor();
    const out = redactor.redact(entry({ headers: [["authorization", value]] }));
    expect(out.request.headers).toEqual([{ name: "authorization", value: expected }]);
    // A scheme word alone is no secret: later text that contains it stays readable.
    const later = redactor.redact(entry({ response: { message: "send `Authorization: apikey <KEY>`" } }));
    expect(later.response.content.text).toContain("apikey <KEY>");
  });

  it("redacts the push token and push URLs of an answer, and keeps ids", () => {
    const out = new Redactor().redact(
      entry({
        response: {
          id: 7,
          token: TOKEN,
          push_url: `rtmp://h/in/7?${TOKEN}`,
          multi_region_push_urls: [`rtmp://x/in/7?${TOKEN}`],
        },
      }),
    );
    const text = JSON.stringify(out);
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(out.response.content.text as string)).toMatchObject({ id: 7, token: REDACTED });
  });

  it("redacts passwords and user_data of a request body", () => {
    const out = new Redactor().redact(
      entry({ request: { name: "bm", password: "hunter2-pw", user_data: "I2Nsb3VkLWNvbmZpZw==" } }),
    );
    expect(JSON.parse(out.request.postData?.text as string)).toEqual({
      name: "bm",
      password: REDACTED,
      user_data: REDACTED,
    });
  });

  it("redacts api_key (the control API's secret) and secret query parameters, in the URL too", () => {
    const out = new Redactor().redact(
      entry({
        url: "http://127.0.0.1:1/__sandbox/tenants?token=abcdef123456&id=7",
        response: { api_key: "sbx_secret_key_1", scoped_api_keys: [{ api_key: "sbx_secret_key_2" }] },
      }),
    );
    const text = JSON.stringify(out);
    for (const secret of ["abcdef123456", "sbx_secret_key_1", "sbx_secret_key_2"])
      expect(text).not.toContain(secret);
    expect(out.request.url).toBe(`http://127.0.0.1:1/__sandbox/tenants?token=${REDACTED}&id=7`);
    expect(out.request.queryString).toEqual([
      { name: "token", value: REDACTED },
      { name: "id", value: "7" },
    ]);
  });

  it("finds a secret query parameter however its name is spelled, and leaves a plain query as it came", () => {
    const redactor = new Redactor();
    for (const query of ["?Token=abcdef123456", "?id=7&%74oken=abcdef123456", "?limit=1&password"]) {
      const out = redactor.redact(entry({ url: `http://127.0.0.1:1/x${query}` }));
      expect(JSON.stringify(out), query).not.toContain("abcdef123456");
      expect(
        out.request.queryString.some((q) => q.value === REDACTED),
        query,
      ).toBe(true);
    }
    const plain = "http://127.0.0.1:1/cloud/v1/tasks/1/1/active?limit=10&offset=a+b";
    const out = redactor.redact(entry({ url: plain }));
    expect(out.request.url).toBe(plain);
    expect(out.request.queryString).toEqual([
      { name: "limit", value: "10" },
      { name: "offset", value: "a b" },
    ]);
  });

  it("redacts a body too deep to walk, or cut, as text", () => {
    const deep = `{"token":"${TOKEN}","nested":${"[".repeat(5_000)}${"]".repeat(5_000)}}`;
    const cut = `{"password":"hunter2-pw","blob":"aaaa`;
    const base = entry({});
    const redactor = new Redactor();
    const deepOut = redactor.redact({
      ...base,
      response: { ...base.response, content: { ...base.response.content, text: deep } },
    });
    expect(deepOut.response.content.text).toBe(deep.replace(TOKEN, REDACTED));
    const cutOut = redactor.redact({
      ...base,
      request: { ...base.request, postData: { mimeType: "application/json", text: cut } },
    });
    expect(cutOut.request.postData?.text).toBe(`{"password":"${REDACTED}","blob":"aaaa`);
  });

  it("keeps a body with nothing to redact as it came, and still finds a secret field spelled with escapes", () => {
    const base = entry({});
    const withText = (text: string) =>
      new Redactor().redact({
        ...base,
        response: { ...base.response, content: { ...base.response.content, text } },
      }).response.content.text;
    const plain = '{\n  "id": 7,\n  "name": "bm"\n}';
    expect(withText(plain)).toBe(plain);
    const escaped = `{"id":7,"api\\u005fkey":"sbx_secret_key_3","pass\\u0077ord":"hunter2-pw"}`;
    const out = withText(escaped) as string;
    expect(out).not.toContain("sbx_secret_key_3");
    expect(out).not.toContain("hunter2-pw");
    expect(JSON.parse(out)).toEqual({ id: 7, api_key: REDACTED, password: REDACTED });
  });

  it.each([
    ["a JSON answer", JSON.stringify({ api_key: "sbx_handed_out_key_1" })],
    ["an answer cut mid-body (redacted as text)", '{"api_key":"sbx_handed_out_key_1","rest":[1,2'],
  ])("redacts a key handed out in %s wherever it shows up later", (_what, text) => {
    const redactor = new Redactor();
    const first = entry({});
    first.response.content.text = text;
    expect(redactor.redact(first).response.content.text).not.toContain("sbx_handed_out_key_1");
    const later = redactor.redact(entry({ request: { tags: { note: "sbx_handed_out_key_1" } } }));
    expect(later.request.postData?.text).toBe(JSON.stringify({ tags: { note: REDACTED } }));
  });

  it("keeps no state: an entry gives the same output whatever came before", () => {
    const redactor = new Redactor();
    const later = entry({ url: `http://127.0.0.1:1/x?ref=abc`, response: { note: "plain" } });
    const alone = new Redactor().redact(later);
    for (let i = 0; i < 100; i++) redactor.redact(entry({ response: { token: `${TOKEN}${i}` } }));
    expect(redactor.redact(later)).toEqual(alone);
  });
});
