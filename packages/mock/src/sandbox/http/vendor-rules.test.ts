// The public reference's rules for tags (cloud) and e-mail addresses (IAM), as a table: every value it allows is
// taken (2xx), every value it refuses is a 400 whose message names the field and the rule it breaks.
import { beforeEach, describe, expect, it } from "vitest";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox({ taskDelayMs: 3_600_000 });
beforeEach(() => ctx.sandbox.reset());

const KEY_RULE = String.raw`must match pattern "^[^\s=]+$"`;
const VALUE_RULE = String.raw`must match pattern "^[^ \t\n\r\f\v]([^\t\n\r\f\v]*[^ \t\n\r\f\v])?$"`;

/** Keys the reference allows: 1 to 255 characters, no whitespace, no `=`. */
const KEYS_ALLOWED = ["environment", "k", "k".repeat(255), "cost-center_1.x:y/z", "ключ", "a+b@c"];
/** Values it allows: 1 to 255 characters, no tab or line break, no space at either end. */
const VALUES_ALLOWED = ["production", "x", "v".repeat(255), "two words", "a=b", "ünïcode", "sp  aced"];
const KEYS_REFUSED: [string, string][] = [
  ["", "must NOT have fewer than 1 characters"],
  ["a=b", KEY_RULE],
  ["a b", KEY_RULE],
  ["tab\tkey", KEY_RULE],
  ["line\nbreak", KEY_RULE],
  [" lead", KEY_RULE],
  ["k".repeat(256), "must NOT have more than 255 characters"],
];
const VALUES_REFUSED: [string, string][] = [
  ["", "must NOT have fewer than 1 characters"],
  [" lead", VALUE_RULE],
  ["trail ", VALUE_RULE],
  ["a\nb", VALUE_RULE],
  ["tab\there", VALUE_RULE],
  ["v".repeat(256), "must NOT have more than 255 characters"],
];

const group = { project_id: F.projectId, region_id: F.regionId, group_id: F.securityGroupId };
/** The three operations that take user tags, each sending `tags`. */
const TAGGED: [
  string,
  (tags: Record<string, string>) => { params: Record<string, string | number>; body: unknown },
][] = [
  ["updateSecurityGroup", (tags) => ({ params: group, body: { tags } })],
  ["updateSecurityGroupV2", (tags) => ({ params: group, body: { tags } })],
  [
    "createBareMetalServers",
    (tags) => ({
      params: { project_id: F.projectId, region_id: F.regionId },
      body: { flavor: F.bareMetalFlavor, image_id: F.imageId, interfaces: [{ type: "external" }], tags },
    }),
  ],
];

/** The messages of a 400's `invalid_fields`, all fields together. */
const reasons = (body: { invalid_fields?: Record<string, string[]> }) =>
  Object.entries(body.invalid_fields ?? {}).map(([field, list]) => `${field}: ${list.join(", ")}`);

describe.each(TAGGED)("%s: tags", (operationId, request) => {
  it.each(KEYS_ALLOWED.map((key) => [key.slice(0, 40), key]))("takes the key %j", async (_, key) => {
    expect((await ctx.api.call(operationId, request({ [key]: "v" }))).status).toBe(200);
  });
  it.each(VALUES_ALLOWED.map((value) => [value.slice(0, 40), value]))(
    "takes the value %j",
    async (_, value) => {
      expect((await ctx.api.call(operationId, request({ k: value }))).status).toBe(200);
    },
  );
  it.each(KEYS_REFUSED.map(([key, rule]) => [key.slice(0, 40), key, rule]))(
    "refuses the key %j with 400 naming the rule",
    async (_, key, rule) => {
      const res = await ctx.api.call(operationId, request({ [key]: "v" }));
      expect(res.status).toBe(400);
      expect(reasons(res.body)).toEqual([expect.stringMatching(/tags: /)]);
      expect(reasons(res.body)[0]).toContain(rule);
    },
  );
  it.each(VALUES_REFUSED.map(([value, rule]) => [value.slice(0, 40), value, rule]))(
    "refuses the value %j with 400 naming the rule",
    async (_, value, rule) => {
      const res = await ctx.api.call(operationId, request({ k: value }));
      expect(res.status).toBe(400);
      expect(reasons(res.body).join("; ")).toContain(rule);
    },
  );
});

describe("addResellerNotificationSetting: email, an RFC 5321 (ASCII) mailbox of at most 254 characters", () => {
  const add = (email: string) =>
    ctx.api.call("addResellerNotificationSetting", {
      params: { resellerId: F.resellerId },
      body: { notification_type: "failed_login", email },
    });
  it.each([
    "alerts@example.com",
    "first.last+tag@mail.example.co.uk",
    '"two words"@example.com',
    "ops@localhost",
  ])("takes %s", async (email) => expect((await add(email)).status).toBe(201));
  it.each([
    ["josé@example.com", 'must match format "email"'],
    ["用户@例子.广告", 'must match format "email"'],
    ["no-at-sign.example.com", 'must match format "email"'],
    [
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.example`,
      "must NOT have more than 254 characters",
    ],
  ])("refuses %s with 400 naming the rule", async (email, rule) => {
    const res = await add(email);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(JSON.stringify(rule).slice(1, -1));
  });
});
