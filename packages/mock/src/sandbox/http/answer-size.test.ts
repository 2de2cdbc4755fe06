// The answer-size limit of API reads, through HTTP: an answer up to it is sent, a larger one is a documented
// 400 in the service's error shape asking for a page; writes and other calls go on.
import { describe, expect, it } from "vitest";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox({ maxAnswerBytes: 400 });
const list = (query: Record<string, number> = {}) =>
  ctx.api.call<{ message?: string; results?: unknown[] }>("listResellerNotificationSettings", {
    params: { resellerId: F.resellerId },
    query,
  });

describe("at most maxAnswerBytes per read answer", () => {
  it("answers a page within the limit and refuses the whole list beyond it with 400", async () => {
    for (let i = 0; i < 4; i++) {
      const added = await ctx.api.call("addResellerNotificationSetting", {
        params: { resellerId: F.resellerId },
        body: { notification_type: "failed_login", email: `size${i}@example.com` },
      });
      expect(added.status).toBe(201);
    }
    const page = await list({ limit: 1 });
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(1);
    const whole = await list();
    expect(whole.status).toBe(400);
    expect(whole.body.message).toMatch(
      /The answer would take \d+ bytes, over the sandbox's 400; ask for a page\./,
    );
    expect((await list({ limit: 1, offset: 1 })).status).toBe(200);
  });
});
