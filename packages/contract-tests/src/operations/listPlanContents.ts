// listPlanContents: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { capLimit, each, leaking, noKeyAccepted, pastTheEnd, withoutHeader } from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteRequest, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import { objectOf, objectsOf } from "../json-fields.js";
import type { Behaviour } from "../stateful/behaviour.js";
import type { OperationFacts } from "./operation-facts.js";

const PLANS = "spec/paths/billing_org_v1_plans_contents.yaml";

export const listPlanContents: OperationFacts = {
  bugs: [
    bug(
      "shape.listPlanContents.calc-rule-outside-enum",
      "a plan content's calc_rule_type is outside its enum",
      rewriteSuccess((b) => each(b, (item) => (item.calc_rule_type = "monthly"))),
    ),
    bug(
      "status.listPlanContents.403-as-text",
      "a refused plan contents list is answered 403 as plain text",
      rewriteStatus(403, (a) => ({ ...a, contentType: "text/plain", body: "forbidden" })),
    ),
    bug(
      "status.listPlanContents.200-as-204",
      "plan contents answered 204 without a body",
      rewriteStatus(200, (a) => ({ ...a, status: 204, body: undefined })),
    ),
    bug(
      "auth.listPlanContents.no-key",
      "plan contents are listed without an Authorization header",
      noKeyAccepted,
    ),
    bug(
      "validation.listPlanContents.limit-clamped",
      "a limit above 100 is taken as 100 instead of refused",
      rewriteRequest((call) => {
        if (Number(call.url.searchParams.get("limit")) > 100) call.url.searchParams.set("limit", "100");
      }),
    ),
    bug(
      "behaviour.listPlanContents.filter-ignored",
      "currency_char_code is ignored: items of every currency are listed",
      rewriteRequest((call) => call.url.searchParams.delete("currency_char_code")),
    ),
    ...[
      "calc_rule_type",
      "currency_id",
      "default",
      "feature_id",
      "id",
      "plan_id",
      "product_category_id",
      "product_id",
      "product_internal_name",
      "metric_ext_name",
      "product_category_name",
      "product_name",
      "region_id",
      "region_name",
    ].map((parameter) =>
      bug(
        `behaviour.listPlanContents.${parameter}-ignored`,
        `${parameter} is ignored: items of every ${parameter} are listed`,
        rewriteRequest((call) => call.url.searchParams.delete(parameter)),
      ),
    ),
    bug(
      "behaviour.listPlanContents.text-filter-case-sensitive",
      "feature_name matches only in the letter case it was sent in",
      rewriteSuccess((b, call) => {
        const text = call.url.searchParams.get("feature_name");
        if (text === null) return;
        const results = objectsOf(b.results);
        const kept = results.filter((item) => String(objectOf(item.feature).name ?? "").includes(text));
        b.count = Number(b.count) - (results.length - kept.length);
        b.results = kept;
      }),
    ),
    bug(
      "behaviour.listPlanContents.page-ignored",
      "offset is ignored: every page starts at the first item",
      rewriteRequest((call) => call.url.searchParams.delete("offset")),
    ),
    bug(
      "behaviour.listPlanContents.count-lies",
      "count is five more than the matching items",
      rewriteSuccess((b) => {
        b.count = Number(b.count) + 5;
      }),
    ),
    bug(
      "pages.listPlanContents.offset-past-end-last-page",
      "an offset past the end answers the last page",
      pastTheEnd((count, limit) => Math.max(0, count - limit)),
    ),
    bug("pages.listPlanContents.limit-capped-at-default", "a limit above 20 is taken as 20", capLimit(20)),
    bug(
      "errors.listPlanContents.error-shows-host",
      "errors name the billing host",
      leaking("(billing at https://billing-7.internal/api)"),
    ),
    bug(
      "retry.listPlanContents.503-without-retry-after",
      "a 503 has no Retry-After",
      withoutHeader(503, "retry-after"),
    ),
  ],
  behaviours: [
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
  ],
};
