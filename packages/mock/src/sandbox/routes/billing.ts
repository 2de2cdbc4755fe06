import type { PlanContent, PlanContentList } from "@cloud-contract/types";
import type { Catalogue } from "../fixtures/plan-contents.js";
import { checkLimit, orderingComparator, pageLinks } from "../paging.js";
import type { SandboxHandler } from "./common.js";

/** The page size when `limit` is not given (the spec publishes none). */
export const PLAN_CONTENTS_DEFAULT_LIMIT = 20;

interface Index {
  planName: Map<number, string>;
  addendum: Map<number, number>;
  metricId: Map<string, number>;
  regionIntName: Map<number, string>;
}
const indexes = new WeakMap<Catalogue, Index>();

function indexOf(catalogue: Catalogue): Index {
  let index = indexes.get(catalogue);
  if (!index) {
    index = {
      planName: new Map(catalogue.plans.map((p) => [p.id, p.name])),
      addendum: new Map(catalogue.plans.map((p) => [p.id, p.addendum_id])),
      metricId: new Map(catalogue.metrics.map((m) => [m.ext_name, m.id])),
      regionIntName: new Map(catalogue.billingRegions.map((r) => [r.id, r.int_name])),
    };
    indexes.set(catalogue, index);
  }
  return index;
}

type Filter = (item: PlanContent, ix: Index) => boolean;
const contains = (haystack: string | null | undefined, needle: string) =>
  (haystack ?? "").toLowerCase().includes(needle.toLowerCase());
const oneOf = <T>(values: T[], value: T | null | undefined) => values.includes(value as T);

/** How each query parameter filters: lists match any of their values, text matches part, case-insensitively. */
const FILTERS: Record<string, (value: never) => Filter> = {
  addendum_id: (v: number[]) => (item, ix) => oneOf(v, ix.addendum.get(item.plan_id as number)),
  calc_rule_type: (v: string[]) => (item) => oneOf(v, item.calc_rule_type),
  comment: (v: string) => (item) => contains(item.comment, v),
  currency_char_code: (v: string[]) => (item) => oneOf(v, item.price?.currency?.char_code),
  currency_id: (v: (number | null)[]) => (item) => oneOf(v, item.price?.currency?.id ?? null),
  default: (v: boolean) => (item) => item.default === v,
  feature_id: (v: number[]) => (item) => oneOf(v, item.feature?.id),
  feature_name: (v: string) => (item) => contains(item.feature?.name, v),
  id: (v: number) => (item) => item.id === v,
  metric_ext_name: (v: string) => (item) => contains(item.metric_ext_name, v),
  metric_id: (v: (number | null)[]) => (item, ix) =>
    oneOf(v, ix.metricId.get(item.metric_ext_name ?? "") ?? null),
  plan_id: (v: number[]) => (item) => oneOf(v, item.plan_id),
  plan_name: (v: string) => (item, ix) => contains(ix.planName.get(item.plan_id as number), v),
  product_category_id: (v: number[]) => (item) => oneOf(v, item.product_category?.id),
  product_category_name: (v: string) => (item) => contains(item.product_category?.name, v),
  product_id: (v: number[]) => (item) => oneOf(v, item.product?.id),
  product_internal_name: (v: string[]) => (item) => oneOf(v, item.product?.internal_name),
  product_name: (v: string) => (item) => contains(item.product?.name, v),
  region_id: (v: number[]) => (item) => (item.regions ?? []).some((r) => oneOf(v, r.id)),
  region_int_name: (v: string[]) => (item, ix) =>
    (item.regions ?? []).some((r) => oneOf(v, ix.regionIntName.get(r.id as number))),
  region_name: (v: string) => (item) =>
    (item.regions ?? []).some((r) => contains(r.name, v) || contains(r.external_name, v)),
};

const ORDERING = {
  id: (item: PlanContent) => item.id,
  currency_id: (item: PlanContent) => item.price?.currency?.id,
  calc_rule_type: (item: PlanContent) => item.calc_rule_type,
  feature_name: (item: PlanContent) => item.feature?.name,
  product_name: (item: PlanContent) => item.product?.name,
  product_id: (item: PlanContent) => item.product?.id,
  plan_id: (item: PlanContent) => item.plan_id,
  default: (item: PlanContent) => item.default,
};
const byId = (a: PlanContent, b: PlanContent) => (a.id as number) - (b.id as number);

/** GET /billing/org/v1/plans/contents — every documented filter, multi-key ordering, limit/offset, links. */
export const listPlanContents: SandboxHandler = (ctx) => {
  const limit = (ctx.query.limit as number | undefined) ?? PLAN_CONTENTS_DEFAULT_LIMIT;
  checkLimit(limit);
  const offset = Math.max(0, (ctx.query.offset as number | undefined) ?? 0);
  const catalogue = ctx.app.catalogue;
  const ix = indexOf(catalogue);
  const filters: Filter[] = [];
  for (const [name, make] of Object.entries(FILTERS)) {
    const value = ctx.query[name];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    filters.push(make(value as never));
  }
  const matching = catalogue.planContents.filter((item) => filters.every((f) => f(item, ix)));
  const ordering = (ctx.query.ordering as string[] | undefined) ?? [];
  if (ordering.length > 0) matching.sort(orderingComparator(ordering, ORDERING, byId));
  const body: PlanContentList = {
    count: matching.length,
    results: matching.slice(offset, offset + limit),
    ...pageLinks(`${ctx.origin}${ctx.path}`, ctx.rawQuery, matching.length, offset, limit),
  };
  return { status: 200, body };
};
