// Large inputs are answered correctly, in turns of the event loop (their time bounds are measured by
// bench/large-inputs.mjs, not here).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxRequest, sleep, useSandbox } from "../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { DEFAULT_MAX_BODY_BYTES } from "./http/body-limit.js";
import { manyRules, manyTags, ROOM_FOR_MANY_TAGS } from "./large-inputs.js";
import { startSandbox } from "./server.js";

const ctx = useSandbox({ validateResponses: false, maxTagsPerGroup: ROOM_FOR_MANY_TAGS });
const path = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const patch = (body: unknown) => sandboxRequest(ctx.sandbox.url, "PATCH", path, SANDBOX_API_KEY, body);

describe("large inputs within the body limit", () => {
  it("a 60,000-key tags patch sets, changes and removes every tag it names", async () => {
    const tags = manyTags(60_000);
    expect(JSON.stringify({ tags }).length).toBeLessThan(DEFAULT_MAX_BODY_BYTES);
    const set = await patch({ tags });
    expect(set.status).toBe(200);
    const userTags = set.body.tags_v2.filter((t: { read_only: boolean }) => !t.read_only);
    expect(userTags).toHaveLength(60_000 + 2); // the two seeded user tags stay
    expect(userTags.at(-1)).toEqual({ key: "t59999", value: "v", read_only: false });
    const removed = await patch({ tags: Object.fromEntries(Object.keys(tags).map((k) => [k, null])) });
    expect(removed.status).toBe(200);
    expect(removed.body.tags_v2.filter((t: { read_only: boolean }) => !t.read_only)).toHaveLength(2);
  });

  it("7,000 changed_rules are created in one call, and deleted in the next", async () => {
    const before = (await patch({})).body.security_group_rules.length;
    const created = await patch({ changed_rules: manyRules(7_000) });
    expect(created.status).toBe(200);
    const rules = created.body.security_group_rules as { id: string; port_range_min: number }[];
    expect(rules).toHaveLength(before + 7_000);
    const added = rules.slice(before);
    expect(added.map((r) => r.port_range_min)).toEqual(manyRules(7_000).map((r) => r.port_range_min));
    const deleted = await patch({
      changed_rules: added.map((r) => ({ action: "delete", security_group_rule_id: r.id })),
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.security_group_rules).toHaveLength(before);
  });

  it("a duplicate among 7,000 new rules refuses the whole change", async () => {
    const before = (await patch({})).body;
    const rules = manyRules(7_000);
    const duplicate = { ...rules[3_500] };
    const res = await patch({ changed_rules: [...rules, duplicate] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.message).toMatch(/changed_rules\[7000\]/);
    expect((await patch({})).body.revision_number).toBe(before.revision_number + 1);
  });
});

describe("large inputs worked through in turns", () => {
  /** A small body's errors, for comparing with a large body's. */
  const errorsOf = (res: { body: { invalid_fields?: Record<string, string[]> } }) =>
    res.body.invalid_fields ?? {};

  it("a large tags patch with one bad value or name is refused naming it, as a small one is", async () => {
    const before = (await patch({})).body.revision_number;
    const badValue = { ...manyTags(20_000), last: 7 };
    const large = await patch({ tags: badValue });
    const small = await patch({ tags: { last: 7 } });
    expect(large.status).toBe(400);
    expect(errorsOf(large)).toEqual(errorsOf(small));
    expect(Object.keys(errorsOf(large))).toEqual(["tags.last"]);
    const longName = { ...manyTags(20_000), ["x".repeat(256)]: "v" };
    const refused = await patch({ tags: longName });
    expect(refused.status).toBe(400);
    expect(Object.keys(errorsOf(refused))).toEqual(["tags"]);
    expect((await patch({})).body.revision_number).toBe(before + 1); // only the empty patch counted
  });

  it("a large rule list with one bad item is refused naming the item, as a small one is", async () => {
    const rules: unknown[] = manyRules(7_000);
    rules[6_999] = { action: "create", protocol: "bogus" };
    const large = await patch({ changed_rules: rules });
    expect(large.status).toBe(400);
    expect(Object.keys(errorsOf(large)).every((field) => field.startsWith("changed_rules.6999"))).toBe(true);
    const small = await patch({ changed_rules: [{ action: "create", protocol: "bogus" }] });
    expect(Object.values(errorsOf(large))).toEqual(Object.values(errorsOf(small)));
  });

  it("a large body that is not JSON is a 400, nothing changed", async () => {
    const before = (await patch({})).body.revision_number;
    const text = `${JSON.stringify({ tags: manyTags(20_000) })} trailing`;
    const res = await fetch(`${ctx.sandbox.url}${path}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" },
      body: text,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).exception_class).toBe("ParseError");
    expect((await patch({})).body.revision_number).toBe(before + 1);
  });

  it("other calls are answered while a large patch is worked on, and a small patch sent meanwhile is kept", async () => {
    const before = (await patch({})).body.revision_number;
    const order: string[] = [];
    const large = patch({ tags: manyTags(60_000) }).then((res) => {
      order.push("large");
      return res;
    });
    await sleep(20);
    const read = sandboxRequest(
      ctx.sandbox.url,
      "GET",
      `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`,
      SANDBOX_API_KEY,
    ).then((res) => {
      order.push("read");
      return res;
    });
    const small = patch({ tags: { small: "yes" }, name: "renamed-meanwhile" }).then((res) => {
      order.push("small");
      return res;
    });
    const [l, r, s] = await Promise.all([large, read, small]);
    expect([l.status, r.status, s.status]).toEqual([200, 200, 200]);
    expect(order[0]).toBe("read");
    // The writes took their turns one after the other, each answer showing the state it left.
    const revisions = [l.body.revision_number, s.body.revision_number].sort((a, b) => a - b);
    expect(revisions).toEqual([before + 1, before + 2]);
    const after = (await patch({})).body;
    expect(after.name).toBe("renamed-meanwhile");
    const keys = new Set(after.tags_v2.map((t: { key: string }) => t.key));
    expect(keys.has("small") && keys.has("t59999")).toBe(true);
    await patch({ tags: Object.fromEntries([...keys].filter((k) => k !== "small").map((k) => [k, null])) });
  });
});

describe("large patches in turns, committed one after another (--data-dir)", () => {
  it("after a restart, every acknowledged write is there: two large patches and the writes made meanwhile", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cloud-mock-large-"));
    try {
      const first = await startSandbox({
        dataDir: dir,
        taskDelayMs: 60_000,
        validateResponses: false,
        maxTagsPerGroup: ROOM_FOR_MANY_TAGS,
      });
      const call = (method: string, to: string, body?: unknown) =>
        sandboxRequest(first.url, method, to, SANDBOX_API_KEY, body);
      const settings = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
      // The second patch's turn begins as the first one's ends, while the first one's commit is under way.
      const prefixed = (prefix: string) =>
        Object.fromEntries(Object.entries(manyTags(30_000)).map(([k, v]) => [`${prefix}${k}`, v]));
      const firstPatch = call("PATCH", path, { tags: prefixed("a-") });
      const secondPatch = call("PATCH", path, { tags: prefixed("b-"), name: "renamed-by-second" });
      const added = Array.from({ length: 20 }, (_, i) =>
        call("POST", settings, { notification_type: "failed_login", email: `meanwhile-${i}@acme.example` }),
      );
      const answers = await Promise.all([firstPatch, secondPatch, ...added]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, ...added.map(() => 201)]);
      const lastRevision = Math.max(answers[0]?.body.revision_number, answers[1]?.body.revision_number);
      await first.stop();

      const second = await startSandbox({
        dataDir: dir,
        taskDelayMs: 60_000,
        maxTagsPerGroup: ROOM_FOR_MANY_TAGS,
      });
      try {
        const group = second.state().securityGroups.find((g) => g.id === F.securityGroupId);
        expect(group?.name).toBe("renamed-by-second");
        expect(group?.revision_number).toBe(lastRevision);
        const keys = new Set(group?.tags_v2.map((t) => t.key));
        expect([keys.has("a-t29999"), keys.has("b-t29999")]).toEqual([true, true]);
        const list = await sandboxRequest(second.url, "GET", `${settings}?limit=1000`, SANDBOX_API_KEY);
        const stored = new Set(list.body.results.map((r: { email: string }) => r.email));
        for (let i = 0; i < 20; i++) expect(stored.has(`meanwhile-${i}@acme.example`)).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
