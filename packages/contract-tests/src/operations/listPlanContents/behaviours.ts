// listPlanContents: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).
import type { Behaviour } from "../../stateful/behaviour.js";

const PLANS = "spec/paths/billing_org_v1_plans_contents.yaml";

export const behaviours: readonly Behaviour[] = [
  {
    id: "plans.filter",
    operationId: "listPlanContents",
    source: PLANS,
    statement: "each filter keeps only the items that match it (here currency_char_code)",
    probe: "filter-holds",
    check: "filters-hold",
    brokenBy: "behaviour.listPlanContents.filter-ignored",
    filter: { parameter: "currency_char_code", field: ["price", "currency", "char_code"] },
  },
  {
    id: "plans.text-filter",
    operationId: "listPlanContents",
    source: PLANS,
    statement: "text filters (*_name, metric_ext_name) are case-insensitive and match part of the value",
    probe: "filter-holds",
    check: "filters-hold",
    brokenBy: "behaviour.listPlanContents.text-filter-case-sensitive",
    filter: { parameter: "feature_name", field: ["feature", "name"], part: true },
  },
  ...(
    [
      ["calc_rule_type", ["calc_rule_type"]],
      ["currency_id", ["price", "currency", "id"]],
      ["default", ["default"]],
      ["feature_id", ["feature", "id"]],
      ["id", ["id"]],
      ["plan_id", ["plan_id"]],
      ["product_category_id", ["product_category", "id"]],
      ["product_id", ["product", "id"]],
      ["product_internal_name", ["product", "internal_name"]],
      ["region_id", ["regions", "[]", "id"]],
    ] as const
  ).map(
    ([parameter, field]): Behaviour => ({
      id: `plans.filter.${parameter}`,
      operationId: "listPlanContents",
      source: `${PLANS} parameter ${parameter}`,
      statement: `${parameter} keeps only the items whose ${field.join(".").replace(".[]", "[]")} it names`,
      probe: "filter-holds",
      check: "filters-hold",
      brokenBy: `behaviour.listPlanContents.${parameter}-ignored`,
      filter: { parameter, field: [...field] },
    }),
  ),
  ...(
    [
      ["metric_ext_name", ["metric_ext_name"]],
      ["product_category_name", ["product_category", "name"]],
      ["product_name", ["product", "name"]],
    ] as const
  ).map(
    ([parameter, field]): Behaviour => ({
      id: `plans.text-filter.${parameter}`,
      operationId: "listPlanContents",
      source: `${PLANS} parameter ${parameter}`,
      statement: `${parameter} keeps the items whose ${field.join(".")} contains it, in any letter case`,
      probe: "filter-holds",
      check: "filters-hold",
      brokenBy: `behaviour.listPlanContents.${parameter}-ignored`,
      filter: { parameter, field: [...field], part: true },
    }),
  ),
  {
    id: "plans.text-filter.region_name",
    operationId: "listPlanContents",
    source: `${PLANS} parameter region_name`,
    statement:
      "region_name keeps the items with a region whose name or external_name contains it, in any letter case",
    probe: "filter-holds",
    check: "filters-hold",
    brokenBy: "behaviour.listPlanContents.region_name-ignored",
    filter: {
      parameter: "region_name",
      field: ["regions", "[]", "name"],
      orField: ["regions", "[]", "external_name"],
      part: true,
    },
  },
  {
    id: "plans.pages",
    operationId: "listPlanContents",
    source: PLANS,
    statement: "one page at a time (limit up to 100, offset), with the count of all matching items",
    probe: "pages",
    check: "pages-consistent",
    brokenBy: "behaviour.listPlanContents.page-ignored",
  },
  {
    id: "plans.count",
    operationId: "listPlanContents",
    source: PLANS,
    statement: "count is the number of matching items over all pages",
    probe: "pages",
    check: "pages-consistent",
    brokenBy: "behaviour.listPlanContents.count-lies",
  },
  {
    id: "plans.page-edges",
    operationId: "listPlanContents",
    source: `${PLANS}, spec/description.md (Pagination)`,
    statement:
      "an offset at the count gives an empty page, the last offset one item, a limit up to 100 that many",
    probe: "page-edges",
    check: "pages-consistent",
    brokenBy: "pages.listPlanContents.offset-past-end-last-page",
  },
  {
    id: "errors.fault-only-statuses",
    operationId: "listPlanContents",
    source: "packages/mock/README.md (Tenants and the control API): Faults",
    statement:
      "a documented status no request can produce is answered, when a fault asks for it, in the operation's documented shape",
    probe: "fault-only-statuses",
    check: "response-conforms",
    brokenBy: "status.listPlanContents.403-as-text",
  },
];
