// listPlanContents: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import type { Behaviour } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

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

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/description", [
    [
      "Text filters (`*_name`, `metric_ext_name`) are case-insensitive and match part of the value.",
      ["plans.text-filter", "plans.text-filter.metric_ext_name", "plans.text-filter.product_name"],
    ],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/0/description", [
    ["Only items of plans in these addenda (IDs).", "noField"],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/1/description", [
    ["Only items with one of these calculation rules.", ["plans.filter.calc_rule_type"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/2/description", [
    ["Only items with this comment (how the text is matched is not specified).", "openMatch"],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/3/description", [
    ["Only items priced in one of these currencies, by ISO 4217 letter code.", ["plans.filter"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/4/description", [
    [
      "Only items priced in one of these currencies, by ID: 1 = US dollar, 2 = euro.",
      ["plans.filter.currency_id"],
    ],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/5/description", [
    ["Only default items (`true`) or only the others (`false`).", ["plans.filter.default"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/6/description", [
    ["Only items of these features (IDs).", ["plans.filter.feature_id"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/7/description", [
    ["Only items whose feature name contains this text (case-insensitive).", ["plans.text-filter"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/8/description", [
    ["Only the item with this ID.", ["plans.filter.id"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/10/description", [
    [
      "Only items whose metric code contains this text (case-insensitive).",
      ["plans.text-filter.metric_ext_name"],
    ],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/11/description", [
    ["Only items measured by these metrics (IDs).", "noField"],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/14/description", [
    ["Only items of these plans (IDs).", ["plans.filter.plan_id"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/15/description", [
    ["Only items of plans whose name contains this text (case-insensitive).", "noField"],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/16/description", [
    ["Only items of these product categories (IDs).", ["plans.filter.product_category_id"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/17/description", [
    [
      "Only items whose product category name contains this text (case-insensitive).",
      ["plans.text-filter.product_category_name"],
    ],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/18/description", [
    ["Only items of these products (IDs).", ["plans.filter.product_id"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/19/description", [
    ["Only items of products with one of these internal codes.", ["plans.filter.product_internal_name"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/20/description", [
    [
      "Only items of products whose name contains this text (case-insensitive).",
      ["plans.text-filter.product_name"],
    ],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/21/description", [
    ["Only items that apply to these regions (IDs).", ["plans.filter.region_id"]],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/22/description", [
    ["Only items that apply to regions with these internal names (exact values).", "noField"],
  ]),
  sentencesAt("openapi.json#/paths/~1billing~1org~1v1~1plans~1contents/get/parameters/23/description", [
    [
      "Only items that apply to regions whose name contains this text (case-insensitive).",
      ["plans.text-filter.region_name"],
    ],
  ]),
].flat();
