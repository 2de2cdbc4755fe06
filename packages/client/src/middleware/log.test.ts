import { describe, expect, it } from "vitest";
import { createRedactor } from "../redact.js";
import { type CloudClientLogEvent, createLogMiddleware } from "./log.js";

const secret = "sk-0123456789abcdef";

describe("createLogMiddleware", () => {
  it("reports requests with credential headers shown by scheme only and other secrets redacted", async () => {
    const events: CloudClientLogEvent[] = [];
    const middleware = createLogMiddleware((event) => events.push(event), createRedactor(secret));
    const request = new Request(`https://api.example.com/x?echo=${secret}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${secret}`, Cookie: "session=abc", "X-Trace": `t-${secret}` },
    });
    const base = { schemaPath: "/x", params: {}, id: "1", options: {} as never };
    await middleware.onRequest?.({ ...base, request });
    await middleware.onResponse?.({ ...base, request, response: new Response(null, { status: 204 }) });
    expect(events).toEqual([
      {
        type: "request",
        method: "PATCH",
        url: "https://api.example.com/x?echo=[REDACTED]",
        headers: { authorization: "apikey [REDACTED]", cookie: "[REDACTED]", "x-trace": "t-[REDACTED]" },
      },
      { type: "response", method: "PATCH", url: "https://api.example.com/x?echo=[REDACTED]", status: 204 },
    ]);
    expect(JSON.stringify(events)).not.toContain(secret);
  });
});
