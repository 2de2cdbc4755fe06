import { paginate } from "@cloud-contract/client";
import { describe, expect, it } from "vitest";
import { needState } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";

const h = useHarness();
const CONTENTS = "/billing/org/v1/plans/contents";

const list = (query: Record<string, unknown>) =>
  h.client.GET(CONTENTS, { params: { query: query as never } });

describe(h.label("listPlanContents"), () => {
  it("answers 200 with a page without parameters", async () => {
    const page = await h.ok("listPlanContents", list({}));
    expect(page.count).toBeGreaterThanOrEqual(page.results.length);
  });

  it("answers 200 to limit and offset, with next/previous links", async () => {
    const first = await h.ok("listPlanContents", list({ limit: 2, offset: 0 }));
    if (!h.ctx.stateful) return;
    expect(first.results.length).toBeLessThanOrEqual(2);
    if (first.count > 2) expect(first.next).toEqual(expect.any(String));
    const second = await h.ok("listPlanContents", list({ limit: 2, offset: 2 }));
    expect(second.previous).toEqual(expect.any(String));
  });

  it("accepts the largest limit, 100", async () => {
    await h.ok("listPlanContents", list({ limit: 100 }));
  });

  it("answers 200 to repeated array filters and several orderings", async () => {
    const page = await h.ok(
      "listPlanContents",
      list({
        calc_rule_type: ["unit", "stepped"],
        currency_char_code: ["EUR", "USD"],
        product_internal_name: ["CDN", "CLOUD"],
        ordering: ["-product_id", "id"],
        default: true,
        limit: 100,
      }),
    );
    if (h.ctx.stateful) {
      for (const item of page.results) {
        expect(["unit", "stepped"]).toContain(item.calc_rule_type);
        expect(item.default).toBe(true);
      }
    }
  });

  it("answers 200 to the text filters", async () => {
    await h.ok(
      "listPlanContents",
      list({ feature_name: "traffic", product_name: "cdn", region_name: "eu", limit: 5 }),
    );
  });

  rejects(h, [] satisfies NegativeCase[]);
});

describe("plan contents pagination (behaviour): listPlanContents through paginate", () => {
  it("walks every item exactly once, as many as count says", async (t) => {
    needState(t, h.ctx);
    const first = await h.ok("listPlanContents", list({ limit: 1 }));
    if (first.count > 2000) t.skip(`${first.count} plan contents are too many to walk in a test`);
    const ids: number[] = [];
    // A small page size so that the walk spans many pages.
    for await (const item of paginate(h.client, CONTENTS, { params: { query: { limit: 7 } } }))
      ids.push(item.id as number);
    expect(ids).toHaveLength(first.count);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
