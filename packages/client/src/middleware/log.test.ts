import { describe, expect, it } from "vitest";
import { createRedactor } from "../redact.js";
import { requestEvent } from "./log.js";

const secret = "sk-0123456789abcdef";

describe("requestEvent", () => {
  it("shows credential headers by scheme only and redacts the key wherever else it appears", () => {
    const request = new Request(`https://api.example.com/x?echo=${secret}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${secret}`, Cookie: "session=abc", "X-Trace": `t-${secret}` },
    });
    const event = requestEvent(request, { method: "PATCH", path: "/x", attempt: 2 }, createRedactor(secret));
    expect(event).toEqual({
      type: "request",
      method: "PATCH",
      path: "/x",
      attempt: 2,
      url: "https://api.example.com/x?echo=[REDACTED]",
      headers: { authorization: "apikey [REDACTED]", cookie: "[REDACTED]", "x-trace": "t-[REDACTED]" },
    });
    expect(JSON.stringify(event)).not.toContain(secret);
  });
});
