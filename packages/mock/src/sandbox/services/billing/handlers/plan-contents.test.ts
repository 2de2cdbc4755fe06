import type { PlanContent, PlanContentList } from "@cloud-contract/types";
import { beforeAll, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../test-support/sandbox.js";
import type { SandboxState } from "../../../state.js";
import { generateCatalogue } from "../catalogue.js";
import { PLAN_CONTENTS_DEFAULT_LIMIT } from "./plan-contents.js";

const ctx = useSandbox();
type Query = Record<string, string | number | boolean | (string | number)[]>;
const list = (query: Query = {}) => ctx.api.call<PlanContentList>("listPlanContents", { query });
const ids = (items: PlanContent[]) => items.map((i) => i.id);

let state: SandboxState;
let all: PlanContent[];
beforeAll(async () => {
  state = ctx.sandbox.state();
  all = state.planContents;
});

/** Every match of a filter, by reading all pages (bounded). */
async function everything(query: Query): Promise<PlanContent[]> {
  const out: PlanContent[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const { body } = await list({ ...query, limit: 100, offset });
    out.push(...body.results);
    if (!body.next) break;
  }
  return out;
}

describe("the catalogue", () => {
  it("has at least 200 items over several plans, products, regions and currencies", () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((i) => i.plan_id)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((i) => i.product?.id)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(all.flatMap((i) => (i.regions ?? []).map((r) => r.id))).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((i) => i.price?.currency?.char_code))).toEqual(new Set(["USD", "EUR"]));
    expect(new Set(all.map((i) => i.calc_rule_type)).size).toBe(6);
  });

  it("is generated deterministically from the seed", () => {
    expect(generateCatalogue(1)).toEqual(generateCatalogue(1));
    expect(generateCatalogue(1).planContents).toEqual(all);
    const features = (items: PlanContent[]) => items.map((i) => i.feature?.id);
    expect(features(generateCatalogue(2).planContents)).not.toEqual(features(all));
  });
});

describe("paging", () => {
  it("pages with limit/offset and links next/previous as absolute URLs that keep the filters", async () => {
    const first = await list({ limit: 50, plan_name: "reseller" });
    const total = all.filter((i) => [317, 318].includes(i.plan_id as number)).length;
    expect(first.body.count).toBe(total);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(
      `${ctx.sandbox.url}/billing/org/v1/plans/contents?limit=50&plan_name=reseller&offset=50`,
    );
    const next = await fetch(first.body.next as string, {
      headers: { Authorization: "apikey sandbox-api-key" },
    });
    const second = (await next.json()) as PlanContentList;
    expect(ids(second.results)).toEqual(
      ids(all.filter((i) => [317, 318].includes(i.plan_id as number)).slice(50, 100)),
    );
    expect(second.previous).toBe(
      `${ctx.sandbox.url}/billing/org/v1/plans/contents?limit=50&plan_name=reseller&offset=0`,
    );
    expect(second.next).toBeNull();
  });

  it(`returns ${PLAN_CONTENTS_DEFAULT_LIMIT} items without a limit, and at most 100`, async () => {
    expect((await list()).body.results).toHaveLength(PLAN_CONTENTS_DEFAULT_LIMIT);
    expect((await list({ limit: 100 })).body.results).toHaveLength(100);
    const over = await list({ limit: 101 });
    expect(over.status).toBe(400);
    // The billing service's validation report: reasons per rejected field.
    expect(over.body).toMatchObject({ limit: [expect.any(String)] });
  });

  it.each([0, -5])(
    `takes a limit below 1 (%i) as the default page of ${PLAN_CONTENTS_DEFAULT_LIMIT}`,
    async (limit) => {
      const res = await list({ limit });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual((await list()).body.results);
    },
  );

  it("returns an empty page past the end", async () => {
    const res = await list({ offset: 10_000 });
    expect(res.body.results).toEqual([]);
    expect(res.body.count).toBe(all.length);
    expect(res.body.next).toBeNull();
  });
});

describe("filters", () => {
  const planName = (item: PlanContent) => state.plans.find((p) => p.id === item.plan_id)?.name ?? "";
  const metricId = (item: PlanContent) => state.metrics.find((m) => m.ext_name === item.metric_ext_name)?.id;
  const addendum = (item: PlanContent) => state.plans.find((p) => p.id === item.plan_id)?.addendum_id;
  const intName = (id: number | undefined) => state.billingRegions.find((r) => r.id === id)?.int_name;
  const has = (text: string | null | undefined, part: string) =>
    (text ?? "").toLowerCase().includes(part.toLowerCase());

  const cases: [string, Query, (item: PlanContent) => boolean][] = [
    ["addendum_id", { addendum_id: [42, 45] }, (i) => [42, 45].includes(addendum(i) as number)],
    [
      "calc_rule_type",
      { calc_rule_type: ["stepped", "unit"] },
      (i) => ["stepped", "unit"].includes(i.calc_rule_type as string),
    ],
    ["comment (partial, any case)", { comment: "THRESHOLD" }, (i) => has(i.comment, "threshold")],
    ["currency_char_code", { currency_char_code: "EUR" }, (i) => i.price?.currency?.char_code === "EUR"],
    ["currency_id", { currency_id: 1 }, (i) => i.price?.currency?.id === 1],
    ["default=true", { default: true }, (i) => i.default === true],
    ["default=false", { default: false }, (i) => i.default === false],
    ["feature_id", { feature_id: [101, 201] }, (i) => [101, 201].includes(i.feature?.id as number)],
    ["feature_name (partial, any case)", { feature_name: "TrAfFiC" }, (i) => has(i.feature?.name, "traffic")],
    ["id", { id: 10005 }, (i) => i.id === 10005],
    [
      "metric_ext_name (partial, any case)",
      { metric_ext_name: "CDN_" },
      (i) => has(i.metric_ext_name, "cdn_"),
    ],
    ["metric_id", { metric_id: [1, 2, 3] }, (i) => [1, 2, 3].includes(metricId(i) as number)],
    ["plan_id", { plan_id: [319, 321] }, (i) => [319, 321].includes(i.plan_id as number)],
    ["plan_name (partial, any case)", { plan_name: "enterPRISE" }, (i) => has(planName(i), "enterprise")],
    ["product_category_id", { product_category_id: 4 }, (i) => i.product_category?.id === 4],
    [
      "product_category_name (partial, any case)",
      { product_category_name: "stream" },
      (i) => has(i.product_category?.name, "stream"),
    ],
    ["product_id", { product_id: [1, 2] }, (i) => [1, 2].includes(i.product?.id as number)],
    [
      "product_internal_name",
      { product_internal_name: ["CDN", "WAAP"] },
      (i) => ["CDN", "WAAP"].includes(i.product?.internal_name as string),
    ],
    ["product_name (partial, any case)", { product_name: "STORAGE" }, (i) => has(i.product?.name, "storage")],
    ["region_id", { region_id: [4] }, (i) => (i.regions ?? []).some((r) => r.id === 4)],
    [
      "region_int_name",
      { region_int_name: ["latam"] },
      (i) => (i.regions ?? []).some((r) => intName(r.id) === "latam"),
    ],
    [
      "region_name (partial, any case)",
      { region_name: "AMERICA" },
      (i) => (i.regions ?? []).some((r) => has(r.name, "america") || has(r.external_name, "america")),
    ],
  ];

  it.each(cases)("filters by %s", async (_name, query, predicate) => {
    const expected = all.filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const got = await everything(query);
    expect(ids(got)).toEqual(ids(expected));
  });

  it("combines filters with AND", async () => {
    const got = await everything({ currency_char_code: "USD", calc_rule_type: "unit", default: false });
    expect(ids(got)).toEqual(
      ids(
        all.filter(
          (i) => i.price?.currency?.char_code === "USD" && i.calc_rule_type === "unit" && i.default === false,
        ),
      ),
    );
  });

  it.each([
    [{ calc_rule_type: "flat" }, "calc_rule_type"],
    [{ currency_char_code: "GBP" }, "currency_char_code"],
    [{ plan_id: "abc" }, "plan_id"],
    [{ default: "maybe" }, "default"],
    [{ ordering: "colour" }, "ordering"],
  ])("answers 400 (the reference documents no 422) for %o", async (query, field) => {
    const res = await list(query as Query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toContain(field);
  });
});

describe("ordering", () => {
  const key = (item: PlanContent, name: string): string | number | boolean | null => {
    switch (name) {
      case "currency_id":
        return item.price?.currency?.id ?? null;
      case "feature_name":
        return (item.feature?.name ?? "").toLowerCase();
      case "product_name":
        return (item.product?.name ?? "").toLowerCase();
      case "product_id":
        return item.product?.id ?? null;
      default:
        return (item as Record<string, unknown>)[name] as string | number | boolean | null;
    }
  };
  const sortLocally = (keys: string[]) =>
    [...all].sort((a, b) => {
      for (const k of keys) {
        const desc = k.startsWith("-");
        const name = desc ? k.slice(1) : k;
        const x = key(a, name) as string | number;
        const y = key(b, name) as string | number;
        if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
      }
      return (a.id as number) - (b.id as number);
    });

  it.each([
    [["id"]],
    [["-id"]],
    [["plan_id", "-id"]],
    [["-plan_id", "calc_rule_type"]],
    [["feature_name"]],
    [["-product_name", "id"]],
    [["product_id", "-default", "currency_id"]],
  ])("orders by %o (comma-joined)", async (keys) => {
    const got = await everything({ ordering: keys.join(",") });
    expect(ids(got)).toEqual(ids(sortLocally(keys)));
  });

  it("takes an empty ordering (`?ordering=`) as none", async () => {
    const empty = await list({ ordering: "", limit: 100 });
    expect(empty.status).toBe(200);
    expect(ids(empty.body.results)).toEqual(ids((await list({ limit: 100 })).body.results));
  });

  it("accepts the keys repeated as well", async () => {
    const joined = await list({ ordering: "plan_id,-id", limit: 100 });
    const repeated = await list({ ordering: ["plan_id", "-id"], limit: 100 });
    expect(ids(repeated.body.results)).toEqual(ids(joined.body.results));
  });
});
