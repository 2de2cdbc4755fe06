import type { ResellerNotificationSetting, ResellerNotificationSettingList } from "@cloud-contract/types";
import { beforeEach, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../../../fixtures/ids.js";

const ctx = useSandbox();
beforeEach(() => ctx.sandbox.reset());

const add = (body: unknown, resellerId: number = F.resellerId, key?: string) =>
  ctx.api.call<ResellerNotificationSetting>("addResellerNotificationSetting", {
    params: { resellerId },
    body,
    ...(key ? { key } : {}),
  });
const list = (query: Record<string, string | number> = {}, resellerId: number = F.resellerId) =>
  ctx.api.call<ResellerNotificationSettingList>("listResellerNotificationSettings", {
    params: { resellerId },
    query,
  });

describe("adding a notification setting", () => {
  it("stores it for the reseller (enabled by default) and answers 201 with it", async () => {
    const res = await add({ notification_type: "deletion_request", email: "new@acme.example" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      reseller: F.resellerId,
      notification_type: "deletion_request",
      email: "new@acme.example",
      enabled: true,
    });
    const off = await add({ notification_type: "failed_login", email: "quiet@acme.example", enabled: false });
    expect(off.body.enabled).toBe(false);
    expect(off.body.id).toBeGreaterThan(res.body.id);
    const all = await list();
    expect(all.body.results).toContainEqual(res.body);
    expect(all.body.results).toContainEqual(off.body);
  });

  it("keeps settings per reseller", async () => {
    await add({ notification_type: "failed_login", email: "only-1021@globex.example" }, F.otherResellerId);
    expect((await list({}, F.otherResellerId)).body.results.map((s) => s.email)).toContain(
      "only-1021@globex.example",
    );
    expect((await list()).body.results.map((s) => s.email)).not.toContain("only-1021@globex.example");
  });

  it("answers 400 (the IAM reference has no 409) when the address already receives that type (any letter case)", async () => {
    expect((await add({ notification_type: "deletion_request", email: "OPS@acme.example" })).status).toBe(
      400,
    );
    expect((await add({ notification_type: "failed_login", email: "ops@acme.example" })).status).toBe(201);
  });

  it.each([
    ["an unknown type", { notification_type: "birthday", email: "a@b.example" }],
    ["a bad e-mail", { notification_type: "failed_login", email: "not-an-email" }],
    [
      "an e-mail over 254 characters",
      { notification_type: "failed_login", email: `${"a".repeat(250)}@b.example` },
    ],
    ["no e-mail", { notification_type: "failed_login" }],
  ])("answers 400 (the reference documents no 422) for %s", async (_name, body) => {
    expect((await add(body)).status).toBe(400);
  });

  it("answers 404 for an unknown reseller and 403 for a key bound to another reseller", async () => {
    expect((await add({ notification_type: "failed_login", email: "a@b.example" }, 5)).status).toBe(404);
    const other = await add(
      { notification_type: "failed_login", email: "a@b.example" },
      F.resellerId,
      F.reseller1021ApiKey,
    );
    expect(other.status).toBe(403);
    const own = await add(
      { notification_type: "failed_login", email: "a@b.example" },
      F.otherResellerId,
      F.reseller1021ApiKey,
    );
    expect(own.status).toBe(201);
  });
});

describe("listing notification settings", () => {
  const seedMore = async () => {
    for (const [i, type] of [
      "failed_login",
      "deletion_request",
      "failed_login",
      "deletion_request",
    ].entries()) {
      await add({ notification_type: type, email: `user${i}@acme.example`, enabled: i % 2 === 0 });
    }
  };

  it("lists everything without a limit, with count and no links", async () => {
    const res = await list();
    expect(res.body).toEqual({ count: 2, results: expect.any(Array) });
  });

  it("pages with limit/offset and relative next/previous links", async () => {
    await seedMore();
    const first = await list({ limit: 2 });
    expect(first.body.count).toBe(6);
    expect(first.body.results).toHaveLength(2);
    expect(first.body).not.toHaveProperty("previous");
    expect(first.body.next).toBe(
      `/iam/reselling/resellers/${F.resellerId}/notification_settings?limit=2&offset=2`,
    );
    const last = await list({ limit: 2, offset: 4 });
    expect(last.body).not.toHaveProperty("next");
    expect(last.body.previous).toBe(
      `/iam/reselling/resellers/${F.resellerId}/notification_settings?limit=2&offset=2`,
    );
    const followed = await fetch(`${ctx.sandbox.url}${first.body.next}`, {
      headers: { Authorization: "apikey sandbox-api-key" },
    });
    expect(((await followed.json()) as ResellerNotificationSettingList).results).toEqual(
      (await list({ limit: 2, offset: 2 })).body.results,
    );
  });

  it.each([
    ["id", (a: ResellerNotificationSetting, b: ResellerNotificationSetting) => a.id - b.id],
    ["-id", (a: ResellerNotificationSetting, b: ResellerNotificationSetting) => b.id - a.id],
    [
      "email",
      (a: ResellerNotificationSetting, b: ResellerNotificationSetting) => a.email.localeCompare(b.email),
    ],
    [
      "-email",
      (a: ResellerNotificationSetting, b: ResellerNotificationSetting) => b.email.localeCompare(a.email),
    ],
    [
      "notification_type,-id",
      (a: ResellerNotificationSetting, b: ResellerNotificationSetting) =>
        a.notification_type.localeCompare(b.notification_type) || b.id - a.id,
    ],
  ])("orders by %s", async (ordering, compare) => {
    await seedMore();
    const all = (await list()).body.results;
    const res = await list({ ordering });
    expect(res.body.results).toEqual([...all].sort(compare));
  });

  it("takes an empty ordering (`?ordering=`) as none", async () => {
    const empty = await list({ ordering: "" });
    expect(empty.status).toBe(200);
    expect(empty.body.results).toEqual((await list()).body.results);
  });

  it.each(["colour", "-colour", "colour,-id", ",,", "-"])(
    "ignores an ordering value that names no field of a setting (%j): ordering is an open string",
    async (ordering) => {
      await seedMore();
      const res = await list({ ordering });
      expect(res.status).toBe(200);
      const expected = ordering.includes("-id")
        ? [...(await list()).body.results].reverse()
        : (await list()).body.results;
      expect(res.body.results).toEqual(expected);
    },
  );

  it.each([0, -5])("takes a limit below 1 (%i) as none: every setting", async (limit) => {
    await seedMore();
    const res = await list({ limit });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual((await list()).body.results);
    expect(res.body.next).toBeUndefined();
  });

  it("starts at the first setting for a negative offset (the reference sets no minimum)", async () => {
    const res = await list({ offset: -1 });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual((await list()).body.results);
  });
});
