import { paginate } from "@cloud-contract/client";
import { describe, expect, it } from "vitest";
import { needMutations, needState } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { emailOfLength, type NegativeCase, rejects } from "../suite/negative.js";
import { uniqueEmail } from "../suite/requests.js";

const h = useHarness();
const SETTINGS = "/iam/reselling/resellers/{resellerId}/notification_settings";
const CHANGE = "the reseller's notification settings (no operation removes a setting)";

const path = () => ({ resellerId: h.ctx.ids.resellerId });
const add = (body: Record<string, unknown>) =>
  h.client.POST(SETTINGS, { params: { path: path() }, body: body as never });
const list = (query: Record<string, unknown>) =>
  h.client.GET(SETTINGS, { params: { path: path(), query: query as never } });

describe(h.label("addResellerNotificationSetting"), () => {
  it("answers 201 with the new setting", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    const email = uniqueEmail("shape");
    const setting = await h.ok(
      "addResellerNotificationSetting",
      add({ notification_type: "deletion_request", email }),
      201,
    );
    if (h.ctx.stateful) {
      expect(setting).toMatchObject({
        email,
        notification_type: "deletion_request",
        reseller: h.ctx.ids.resellerId,
      });
    }
  });

  it("answers 201 to an address of 254 characters (the maximum)", async (t) => {
    needMutations(t, h.ctx, CHANGE);
    await h.ok(
      "addResellerNotificationSetting",
      add({
        notification_type: "failed_login",
        email: emailOfLength(254, uniqueEmail("max").split("@")[0]),
        enabled: false,
      }),
      201,
    );
  });

  rejects(h, [
    {
      name: "an address that is not an e-mail address",
      operationId: "addResellerNotificationSetting",
      call: () => add({ notification_type: "failed_login", email: "not an address" }),
    },
    {
      name: "enabled that is not a boolean",
      operationId: "addResellerNotificationSetting",
      call: () => add({ notification_type: "failed_login", email: uniqueEmail("neg"), enabled: "yes" }),
    },
  ] satisfies NegativeCase[]);
});

describe(h.label("listResellerNotificationSettings"), () => {
  it("answers 200 with a page without parameters", async () => {
    const page = await h.ok("listResellerNotificationSettings", list({}));
    expect(page.count).toBeGreaterThanOrEqual(page.results.length);
  });

  it("answers 200 to limit, offset and ordering", async () => {
    const page = await h.ok(
      "listResellerNotificationSettings",
      list({ limit: 2, offset: 1, ordering: "-id" }),
    );
    if (!h.ctx.stateful) return;
    expect(page.results.length).toBeLessThanOrEqual(2);
    const ids = page.results.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  rejects(h, [
    {
      name: "a limit that is not an integer",
      operationId: "listResellerNotificationSettings",
      call: () => list({ limit: "all" }),
    },
  ] satisfies NegativeCase[]);
});

describe("notification settings (behaviour): addResellerNotificationSetting → listResellerNotificationSettings", () => {
  it("a setting that was added is listed, once", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, CHANGE);
    const email = uniqueEmail("listed");
    const added = await h.ok(
      "addResellerNotificationSetting",
      add({ notification_type: "failed_login", email, enabled: true }),
      201,
    );
    const found = [];
    for await (const setting of paginate(h.client, SETTINGS, {
      params: { path: path(), query: { limit: 3 } },
    })) {
      if (setting.email === email) found.push(setting);
    }
    expect(found).toEqual([
      expect.objectContaining({ id: added.id, email, notification_type: "failed_login", enabled: true }),
    ]);
  });

  it("pagination walks every setting exactly once, as many as count says", async (t) => {
    needState(t, h.ctx);
    if (h.ctx.allowMutations) {
      // Enough settings for several pages.
      for (const i of [1, 2, 3, 4, 5]) {
        await h.ok(
          "addResellerNotificationSetting",
          add({ notification_type: "deletion_request", email: uniqueEmail(`page${i}`) }),
          201,
        );
      }
    }
    const first = await h.ok("listResellerNotificationSettings", list({ limit: 1 }));
    const ids: number[] = [];
    for await (const setting of paginate(h.client, SETTINGS, {
      params: { path: path(), query: { limit: 2, ordering: "id" } },
    })) {
      ids.push(setting.id);
    }
    expect(ids).toHaveLength(first.count);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
