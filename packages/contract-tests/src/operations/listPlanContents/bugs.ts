// listPlanContents: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { capLimit, each, leaking, noKeyAccepted, pastTheEnd, withoutHeader } from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteRequest, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";
import { objectOf, objectsOf } from "../../json-fields.js";

export const bugs: readonly SeededBug[] = [
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
];
