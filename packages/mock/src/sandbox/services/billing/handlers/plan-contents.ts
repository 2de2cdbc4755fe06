import type { PlanContent, PlanContentList } from "@cloud-contract/types";
import { keysOf } from "../../../../lists.js";
import type { QueryParams } from "../../../handlers/types.js";
import { orderingComparator, pageLinks, pageSize } from "../../../paging.js";
import type { Catalogue } from "../catalogue.js";
import type { BillingHandler } from "../tenant.js";

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
type Query = QueryParams<"listPlanContents">;
type FilterName = Exclude<keyof Query, "limit" | "offset" | "ordering">;
const contains = (haystack: string | null | undefined, needle: string) =>
  (haystack ?? "").toLowerCase().includes(needle.toLowerCase());
const oneOf = <T>(values: T[], value: T | null | undefined) => values.some((v) => v === value);

/** How each query parameter filters: lists match any of their values, text matches part, case-insensitively. */
type FilterValues = { [N in FilterName]-?: NonNullable<Query[N]> };
const FILTERS: { [N in FilterName]: (value: FilterValues[N]) => Filter } = {
  addendum_id: (v) => (item, ix) => oneOf(v, ix.addendum.get(item.plan_id ?? Number.NaN)),
  calc_rule_type: (v) => (item) => oneOf(v, item.calc_rule_type),
  comment: (v) => (item) => contains(item.comment, v),
  currency_char_code: (v) => (item) => oneOf<string>(v, item.price?.currency?.char_code),
  currency_id: (v) => (item) => oneOf(v, item.price?.currency?.id ?? null),
  default: (v) => (item) => item.default === v,
  feature_id: (v) => (item) => oneOf(v, item.feature?.id),
  feature_name: (v) => (item) => contains(item.feature?.name, v),
  id: (v) => (item) => item.id === v,
  metric_ext_name: (v) => (item) => contains(item.metric_ext_name, v),
  metric_id: (v) => (item, ix) => oneOf(v, ix.metricId.get(item.metric_ext_name ?? "") ?? null),
  plan_id: (v) => (item) => oneOf(v, item.plan_id),
  plan_name: (v) => (item, ix) => contains(ix.planName.get(item.plan_id ?? Number.NaN), v),
  product_category_id: (v) => (item) => oneOf(v, item.product_category?.id),
  product_category_name: (v) => (item) => contains(item.product_category?.name, v),
  product_id: (v) => (item) => oneOf(v, item.product?.id),
  product_internal_name: (v) => (item) => oneOf(v, item.product?.internal_name),
  product_name: (v) => (item) => contains(item.product?.name, v),
  region_id: (v) => (item) => (item.regions ?? []).some((r) => oneOf(v, r.id)),
  region_int_name: (v) => (item, ix) =>
    (item.regions ?? []).some((r) => oneOf(v, ix.regionIntName.get(r.id ?? Number.NaN))),
  region_name: (v) => (item) =>
    (item.regions ?? []).some((r) => contains(r.name, v) || contains(r.external_name, v)),
};
const FILTER_NAMES = keysOf(FILTERS);

/** The filter a query parameter asks for; undefined when it is absent or an empty list. */
function filterFor<N extends FilterName>(name: N, value: FilterValues[N] | undefined): Filter | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  return FILTERS[name](value);
}

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
const byId = (a: PlanContent, b: PlanContent) => (a.id ?? 0) - (b.id ?? 0);

/** GET /billing/org/v1/plans/contents — every documented filter, multi-key ordering, limit/offset, links. */
export const listPlanContents: BillingHandler<"listPlanContents"> = (ctx) => {
  const { offset: requested = 0, ordering = [] } = ctx.query;
  // No floor is published for either: a negative offset reads from the start, a limit below 1 is the default.
  const offset = Math.max(0, requested);
  const limit = pageSize(ctx.query.limit, PLAN_CONTENTS_DEFAULT_LIMIT);
  const catalogue = ctx.app.reference.billing.catalogue;
  const ix = indexOf(catalogue);
  const filters = FILTER_NAMES.flatMap((name) => filterFor(name, ctx.query[name]) ?? []);
  const matching = catalogue.planContents.filter((item) => filters.every((f) => f(item, ix)));
  if (ordering.length > 0) matching.sort(orderingComparator(ordering, ORDERING, byId));
  const body: PlanContentList = {
    count: matching.length,
    results: matching.slice(offset, offset + limit),
    ...pageLinks(`${ctx.origin}${ctx.path}`, ctx.rawQuery, matching.length, offset, limit),
  };
  return { status: 200, body };
};
