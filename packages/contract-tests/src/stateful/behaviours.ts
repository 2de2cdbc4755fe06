// The statements a request can check, of the spec's descriptions and the sandbox's README (statements.ts maps
// each sentence to them), once, in our words, with the probe that holds it and the check its failure is
// reported under. `stateful` derives its
// behaviour steps from this table: one sweep step per statement, and the same steps among the random ones.
// `brokenBy` names a seeded bug (src/bugs/catalogue.ts) that breaks the statement; behaviours.test.ts
// proves the probe fails on it. Left out: the sandbox's own configurable limits (10,000 tasks, servers,
// settings; 1,000 tags), which describe the double, not the API.
import type { CheckName } from "./checks.js";
import { SECURITY_GROUP_V2_BEHAVIOURS } from "./security-group-v2-behaviours.js";

/** The probes of probes.ts, by name (probes.ts implements exactly these). */
export type ProbeName =
  | "links-followed"
  | "tasks-end"
  | "only-active"
  | "filter-holds"
  | "pages"
  | "change-persists"
  | "rules-applied"
  | "tags-merge"
  | "tags-null"
  | "group-v2-applied"
  | "group-v2-rules"
  | "group-v2-tags"
  | "setting-stored"
  | "duplicate-refused"
  | "refused"
  | "ordering-holds"
  | "relative-links"
  | "token-changes"
  | "revoke-applied"
  | "quota-fields"
  | "vm-count"
  | "auth"
  | "scheme-case"
  | "key-not-in-url"
  | "scope"
  | "task-fields"
  | "task-data"
  | "group-fields"
  | "path-scope"
  | "page-edges"
  | "group-all-or-nothing"
  | "setting-all-or-nothing"
  | "tasks-all-or-nothing"
  | "tags-kept"
  | "digits-kept"
  | "email-kept"
  | "error-bodies"
  | "retry-after"
  | "retried-once"
  | "reset-answers"
  | "fault-only-statuses"
  | "scope-of-resource"
  | "unknown-flavor-fails"
  | "body-refused"
  | "methods";

/** The probes that check their statement on every operation, whichever one the row names. */
export const EVERY_OPERATION: ReadonlySet<ProbeName> = new Set([
  "methods",
  "body-refused",
  "fault-only-statuses",
  "auth",
  "scope",
  "path-scope",
  "error-bodies",
  "retry-after",
]);

export interface Behaviour {
  id: string;
  operationId: string;
  /** The operation whose sample the probe starts from, when not `operationId` (a task comes from a creation). */
  from?: string;
  /** Where the spec says it. */
  source: string;
  statement: string;
  probe: ProbeName;
  /** The check a broken statement is reported under. */
  check: CheckName;
  brokenBy: string;
  /**
   * For the probes that take one: the query parameter, the item's field it filters on, and whether it
   * matches part of the value in any letter case (the text filters) or the whole value.
   */
  filter?: { parameter: string; field: string[]; part?: boolean };
}

const TASKS = "spec/paths/cloud_v1_tasks_{task_id}.yaml";
const ACTIVE = "spec/paths/cloud_v1_tasks_{project_id}_{region_id}_active.yaml";
const GROUP = "spec/paths/cloud_v1_securitygroups_{project_id}_{region_id}_{group_id}.yaml";
const PLANS = "spec/paths/billing_org_v1_plans_contents.yaml";
const SETTINGS = "spec/paths/iam_reselling_resellers_{resellerId}_notification_settings.yaml";
const STREAM = "spec/paths/streaming_streams_{stream_id}_reset_push_token.yaml";
const BM = "spec/paths/cloud_v1_bminstances_{project_id}_{region_id}.yaml";
const PORTS = "spec/paths/cloud_v2_ports_{project_id}_{region_id}_{port_id}_allow_address_pairs.yaml";
const ERRORS = "spec/description.md (Errors), packages/mock/README.md (What the sandbox does)";
const SERVER_ERROR = "spec/components/responses/*ServerError.yaml";

export const BEHAVIOURS: readonly Behaviour[] = [
  {
    id: "bare-metal.tasks-readable",
    operationId: "createBareMetalServers",
    source: "spec/paths/cloud_v1_bminstances_{project_id}_{region_id}.yaml",
    statement: "the creation answers the ids of the tasks doing the work; each can be read with getTask",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.createBareMetalServers.not-applied",
  },
  {
    id: "tasks.end",
    operationId: "getTask",
    from: "createBareMetalServers",
    source:
      "spec/paths/cloud_v1_bminstances_{project_id}_{region_id}.yaml, spec/components/schemas/TaskState.yaml",
    statement: "a creation's tasks end, FINISHED or ERROR; a FINISHED creation names what it created",
    probe: "tasks-end",
    check: "tasks-end",
    brokenBy: "behaviour.getTask.never-ends",
  },
  {
    id: "ports.tasks-readable",
    operationId: "replacePortAllowedAddressPairs",
    source: "spec/paths/cloud_v2_ports_{project_id}_{region_id}_{port_id}_allow_address_pairs.yaml",
    statement: "the change answers the ids of the tasks that apply it; each can be read with getTask",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.replacePortAllowedAddressPairs.not-applied",
  },
  {
    id: "tasks.listed-until-ended",
    operationId: "listActiveTasks",
    source: `${TASKS} links.ListActiveTasks`,
    from: "createBareMetalServers",
    statement: "until a task ends, it is listed among the active tasks of its project and region",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.listActiveTasks.task-never-shows-up",
  },
  {
    id: "tasks.only-active",
    operationId: "listActiveTasks",
    source: ACTIVE,
    statement: "the active tasks are those still active: no listed task is FINISHED or ERROR",
    probe: "only-active",
    check: "tasks-end",
    brokenBy: "behaviour.listActiveTasks.ended-task-listed",
  },
  {
    id: "tasks.filter-by-type",
    operationId: "listActiveTasks",
    source: ACTIVE,
    statement: "task_type keeps only tasks of the kinds named",
    probe: "filter-holds",
    check: "filters-hold",
    brokenBy: "behaviour.listActiveTasks.filter-ignored",
    filter: { parameter: "task_type", field: ["task_type"] },
  },
  {
    id: "tasks.pages",
    operationId: "listActiveTasks",
    source: ACTIVE,
    statement: "one page at a time (limit, offset) with the total count",
    probe: "pages",
    check: "pages-consistent",
    brokenBy: "behaviour.listActiveTasks.page-ignored",
  },
  {
    id: "tasks.count",
    operationId: "listActiveTasks",
    source: ACTIVE,
    statement: "count is the number of active tasks, over all pages",
    probe: "pages",
    check: "pages-consistent",
    brokenBy: "behaviour.listActiveTasks.count-lies",
  },
  {
    id: "tasks.forward",
    operationId: "getTask",
    source: "spec/components/schemas/TaskState.yaml, spec/components/schemas/Task.yaml",
    from: "createBareMetalServers",
    statement: "FINISHED and ERROR are final; a task that ended has finished_on",
    probe: "tasks-end",
    check: "tasks-forward",
    brokenBy: "behaviour.getTask.end-time-missing",
  },
  {
    id: "security-group.answer-is-after",
    operationId: "updateSecurityGroup",
    source: GROUP,
    statement:
      "the answer is the whole group as it is afterwards, and the change stays (a later call sees it)",
    probe: "change-persists",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroup.not-applied",
  },
  {
    id: "security-group.rules",
    operationId: "updateSecurityGroup",
    source: GROUP,
    statement: "changed_rules creates rules and deletes rules by id; rules not named stay",
    probe: "rules-applied",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroup.rule-delete-ignored",
  },
  {
    id: "security-group.tags-merge",
    operationId: "updateSecurityGroup",
    source: `${GROUP}, spec/components/schemas/TagsMergePatch.yaml`,
    statement:
      "tags is a JSON Merge Patch: a string sets a tag, null removes it, keys left out are untouched",
    probe: "tags-merge",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroup.merge-replaces",
  },
  {
    id: "security-group.tags-null",
    operationId: "updateSecurityGroup",
    source: GROUP,
    statement: '"tags": null removes every user tag',
    probe: "tags-null",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroup.tags-null-ignored",
  },
  {
    id: "security-group.read-only-tags-kept",
    operationId: "updateSecurityGroup",
    source: GROUP,
    statement: "read-only tags set by the platform are always kept",
    probe: "tags-null",
    check: "changes-applied",
    brokenBy: "behaviour.updateSecurityGroup.read-only-tags-dropped",
  },
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
    id: "settings.stored",
    operationId: "addResellerNotificationSetting",
    source: SETTINGS,
    statement: "the answer is the stored setting: the type, e-mail and enabled as sent",
    probe: "setting-stored",
    check: "changes-applied",
    brokenBy: "behaviour.addResellerNotificationSetting.enabled-ignored",
  },
  {
    id: "settings.listed",
    operationId: "addResellerNotificationSetting",
    source: `${SETTINGS} links.ListNotificationSettings`,
    statement: "an added setting is listed among the reseller's notification settings",
    probe: "links-followed",
    check: "ids-retrievable",
    brokenBy: "behaviour.addResellerNotificationSetting.not-applied",
  },
  {
    id: "settings.once-per-type",
    operationId: "addResellerNotificationSetting",
    source: SETTINGS,
    statement:
      "an address gets each type once per reseller (compared without regard to case): a repeat is a 400",
    probe: "duplicate-refused",
    // Not invalid-refused: the repeat alone is a valid request, so it cannot be kept as a failing case.
    check: "changes-applied",
    brokenBy: "behaviour.addResellerNotificationSetting.duplicate-accepted",
  },
  {
    id: "settings.ordering",
    operationId: "listResellerNotificationSettings",
    source: SETTINGS,
    statement: "the list is sorted by ordering (a leading - for descending)",
    probe: "ordering-holds",
    check: "filters-hold",
    brokenBy: "behaviour.listResellerNotificationSettings.ordering-ignored",
  },
  {
    id: "settings.relative-links",
    operationId: "listResellerNotificationSettings",
    source: SETTINGS,
    statement: "next and previous are relative URLs",
    probe: "relative-links",
    check: "pages-consistent",
    brokenBy: "behaviour.listResellerNotificationSettings.absolute-next",
  },
  {
    id: "settings.pages",
    operationId: "listResellerNotificationSettings",
    source: SETTINGS,
    statement: "one page at a time (limit, offset), with the count of all settings",
    probe: "pages",
    check: "pages-consistent",
    brokenBy: "behaviour.listResellerNotificationSettings.page-ignored",
  },
  {
    id: "stream.new-token",
    operationId: "resetStreamPushToken",
    source: STREAM,
    statement: "a reset replaces the token with a new one: two resets give two tokens",
    probe: "token-changes",
    check: "changes-applied",
    brokenBy: "behaviour.resetStreamPushToken.token-unchanged",
  },
  {
    id: "stream.token-in-urls",
    operationId: "resetStreamPushToken",
    source: STREAM,
    statement: "the new token appears at once in every push URL, and the old one in none",
    probe: "token-changes",
    check: "changes-applied",
    brokenBy: "behaviour.resetStreamPushToken.urls-keep-old-token",
  },
  {
    id: "cdn.revoked",
    operationId: "revokeCdnCertificate",
    source: "spec/paths/cdn_resources_{res_id}.yaml",
    statement: "a revoke leaves the resource with sslData null and sslEnabled false (or answers {})",
    probe: "revoke-applied",
    check: "changes-applied",
    brokenBy: "behaviour.revokeCdnCertificate.not-applied",
  },
  {
    id: "cdn.only-the-revoke",
    operationId: "revokeCdnCertificate",
    source: "spec/paths/cdn_resources_{res_id}.yaml",
    statement: "any combination other than sslData null and sslEnabled false is a 400",
    probe: "refused",
    check: "invalid-refused",
    brokenBy: "validation.revokeCdnCertificate.any-combination-accepted",
  },
  {
    id: "registry.exceeded-quotas",
    operationId: "checkRegistryQuota",
    source: "spec/paths/cloud_v1_registries_{project_id}_{region_id}_check_limits.yaml",
    statement:
      "each exceeded quota comes as <quota>_limit, _usage and _requested; the storage requested is the one sent",
    probe: "quota-fields",
    check: "changes-applied",
    brokenBy: "behaviour.checkRegistryQuota.requested-ignored",
  },
  {
    id: "registry.creates-nothing",
    operationId: "checkRegistryQuota",
    source: "spec/paths/cloud_v1_registries_{project_id}_{region_id}_check_limits.yaml",
    statement: "a check creates nothing: the same check twice gives the same answer",
    probe: "quota-fields",
    check: "changes-applied",
    brokenBy: "behaviour.checkRegistryQuota.check-uses-quota",
  },
  {
    id: "pricing.vm-count",
    operationId: "previewInstancePrice",
    source: "spec/paths/cloud_v2_pricing_{project_id}_{region_id}_instances.yaml",
    statement: "the number of instances priced follows from names and is returned as vm_count",
    probe: "vm-count",
    check: "changes-applied",
    brokenBy: "behaviour.previewInstancePrice.vm-count-lies",
  },
  {
    id: "auth.key-required",
    operationId: "getTask",
    source: "spec/components/securitySchemes/ApiKey.yaml",
    statement:
      "every operation needs `Authorization: apikey <key>`, the key compared exactly: none or an unknown one is a 401 or 403",
    probe: "auth",
    check: "auth-required",
    brokenBy: "auth.getTask.no-key",
  },
  {
    id: "auth.scheme-any-case",
    operationId: "listActiveTasks",
    source: "spec/components/securitySchemes/ApiKey.yaml",
    statement: "the scheme word is case-insensitive: apikey, APIKey and ApiKey are accepted",
    probe: "scheme-case",
    check: "auth-required",
    brokenBy: "auth.listActiveTasks.scheme-case-sensitive",
  },
  {
    id: "auth.not-in-url",
    operationId: "getTask",
    source: "spec/components/securitySchemes/ApiKey.yaml",
    statement: "the key is never accepted in the URL",
    probe: "key-not-in-url",
    check: "auth-required",
    brokenBy: "auth.getTask.key-in-url-accepted",
  },
  {
    id: "auth.scope",
    operationId: "listActiveTasks",
    source: "spec/components/responses/*Forbidden.yaml, x-tenant-scope",
    statement: "a valid key may not act on a project or reseller outside its scope (403)",
    probe: "scope",
    check: "auth-required",
    brokenBy: "auth.listActiveTasks.out-of-scope",
  },
  ...SECURITY_GROUP_V2_BEHAVIOURS,
  {
    id: "tasks.no-end-while-running",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/components/schemas/Task.yaml finished_on",
    statement: "finished_on is null while the task runs (NEW or RUNNING)",
    probe: "task-fields",
    check: "fields-agree",
    brokenBy: "fields.getTask.running-with-finished-on",
  },
  {
    id: "tasks.listed-no-end-while-running",
    operationId: "listActiveTasks",
    from: "createBareMetalServers",
    source: "spec/components/schemas/Task.yaml finished_on",
    statement: "a listed active task has no finished_on",
    probe: "task-fields",
    check: "fields-agree",
    brokenBy: "fields.listActiveTasks.running-with-finished-on",
  },
  {
    id: "tasks.error-says-why",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/description.md (Asynchronous tasks)",
    statement: "a task in ERROR says why in error",
    probe: "task-fields",
    check: "fields-agree",
    brokenBy: "fields.getTask.error-without-reason",
  },
  {
    id: "tasks.keypair-named",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/components/schemas/TaskInstanceCreationData.yaml keypair_name",
    statement:
      "a creation's task names in data.keypair_name the SSH key pair the creation sent, or null when it sent none",
    probe: "task-data",
    check: "fields-agree",
    brokenBy: "behaviour.createBareMetalServers.ssh-key-ignored",
  },
  {
    id: "security-group.rules-of-group",
    operationId: "updateSecurityGroup",
    source: "spec/components/schemas/SecurityGroupRuleDelete.yaml security_group_rule_id",
    statement: "the rules of a group belong to it: each names the group as security_group_id",
    probe: "group-fields",
    check: "fields-agree",
    brokenBy: "fields.updateSecurityGroup.rule-of-other-group",
  },
  ...(
    [
      [
        "listActiveTasks",
        "the active tasks listed are those of the project and region in the path",
        "scope.listActiveTasks.other-region-listed",
      ],
      [
        "listResellerNotificationSettings",
        "the settings listed are those of the reseller in the path",
        "scope.listResellerNotificationSettings.other-reseller-listed",
      ],
      [
        "addResellerNotificationSetting",
        "a setting is added to the reseller in the path",
        "scope.addResellerNotificationSetting.stored-for-other-reseller",
      ],
      [
        "updateSecurityGroup",
        "the group changed is the one of the project and region in the path",
        "scope.updateSecurityGroup.other-region-answered",
      ],
      [
        "resetStreamPushToken",
        "the stream reset is the one in the path",
        "scope.resetStreamPushToken.other-stream",
      ],
      ["getTask", "the task read is the one in the path", "scope.getTask.other-task"],
    ] as const
  ).map(
    ([operationId, statement, brokenBy]): Behaviour => ({
      id: `scope.${operationId}`,
      operationId,
      source: "spec/paths (the operation's description and path parameters)",
      statement,
      probe: "path-scope",
      check: "scope-kept",
      brokenBy,
    }),
  ),
  {
    id: "tasks.page-edges",
    operationId: "listActiveTasks",
    source: `${ACTIVE}, spec/description.md (Pagination)`,
    statement:
      "an offset at the count gives an empty page, the last offset one item, and a limit above the default page (with more items than it) every item",
    probe: "page-edges",
    check: "pages-consistent",
    brokenBy: "pages.listActiveTasks.limit-capped-at-default",
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
    id: "settings.page-edges",
    operationId: "listResellerNotificationSettings",
    source: `${SETTINGS}, spec/components/schemas/ResellerNotificationSettingList.yaml next`,
    statement:
      "an offset at the count gives an empty page, the last offset one item, and the last page no next",
    probe: "page-edges",
    check: "pages-consistent",
    brokenBy: "pages.listResellerNotificationSettings.next-on-last-page",
  },
  {
    id: "security-group.all-or-nothing",
    operationId: "updateSecurityGroup",
    source:
      "packages/mock/README.md (What the sandbox does): Security group PATCH, Bad input never changes the state",
    statement:
      "a change refused for an unknown rule (404), a duplicate rule (409) or a reversed port range (400) changes nothing, not its name or tags either",
    probe: "group-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.updateSecurityGroup.name-applied-on-404",
  },
  {
    id: "settings.all-or-nothing",
    operationId: "addResellerNotificationSetting",
    source: `${SETTINGS}, packages/mock/README.md (What the sandbox does)`,
    statement: "a refused repeat of a setting stores nothing",
    probe: "setting-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.addResellerNotificationSetting.duplicate-stored-anyway",
  },
  {
    id: "bare-metal.all-or-nothing",
    operationId: "createBareMetalServers",
    source: `${BM}, packages/mock/README.md (What the sandbox does)`,
    statement: "a refused creation starts no task",
    probe: "tasks-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.createBareMetalServers.refused-but-started",
  },
  {
    id: "ports.all-or-nothing",
    operationId: "replacePortAllowedAddressPairs",
    source: `${PORTS} (at most 10 pairs)`,
    statement: "a refused change of the pairs (more than 10) starts no task",
    probe: "tasks-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.replacePortAllowedAddressPairs.refused-but-applied",
  },
  {
    id: "security-group.values-kept",
    operationId: "updateSecurityGroup",
    source: `${GROUP}, spec/components/schemas/Tag.yaml`,
    statement:
      "a tag's key and value and the group's name are kept as sent: letter case, accents as composed, any Unicode in tags",
    probe: "tags-kept",
    check: "values-kept",
    brokenBy: "values.updateSecurityGroup.tag-key-lower-cased",
  },
  {
    id: "registry.digits-kept",
    operationId: "checkRegistryQuota",
    source:
      "packages/mock/README.md (What the sandbox does): an integer beyond ±(2^53 − 1) is answered with all its digits",
    statement: "a storage_limit beyond 2^53 is answered as registry_storage_requested with all its digits",
    probe: "digits-kept",
    check: "values-kept",
    brokenBy: "values.checkRegistryQuota.big-integer-rounded",
  },
  {
    id: "settings.email-kept",
    operationId: "addResellerNotificationSetting",
    source: SETTINGS,
    statement: "the stored setting's e-mail is the address as sent, letter case included",
    probe: "email-kept",
    check: "values-kept",
    brokenBy: "values.addResellerNotificationSetting.email-lower-cased",
  },
  {
    id: "errors.no-internals",
    operationId: "listActiveTasks",
    source: "packages/mock/README.md (What the sandbox does): No error shows hosts, ports or paths",
    statement: "no error of any operation shows a host, a port or a file path",
    probe: "error-bodies",
    check: "errors-documented",
    brokenBy: "errors.listActiveTasks.error-shows-host",
  },
  {
    id: "errors.request-id",
    operationId: "getTask",
    source: ERRORS,
    statement: "every error of every operation carries X-Request-Id",
    probe: "error-bodies",
    check: "errors-documented",
    brokenBy: "errors.getTask.404-without-request-id",
  },
  {
    id: "errors.retry-after",
    operationId: "listActiveTasks",
    source: `spec/components/responses/*TooManyRequests.yaml, ${SERVER_ERROR}`,
    statement: "a 429 and a 503 of any operation carry Retry-After",
    probe: "retry-after",
    check: "errors-documented",
    brokenBy: "retry.listActiveTasks.503-without-retry-after",
  },
  ...(
    [
      ["createBareMetalServers", "retry.createBareMetalServers.503-applied"],
      ["addResellerNotificationSetting", "retry.addResellerNotificationSetting.503-applied"],
      ["replacePortAllowedAddressPairs", "retry.replacePortAllowedAddressPairs.503-applied"],
    ] as const
  ).map(
    ([operationId, brokenBy]): Behaviour => ({
      id: `retry.${operationId}`,
      operationId,
      source: `${SERVER_ERROR}: a 503 with Retry-After means nothing changed`,
      statement: "a write refused with 503 and sent again is applied once",
      probe: "retried-once",
      check: "retry-safe",
      brokenBy,
    }),
  ),
  {
    id: "stream.reset-answers",
    operationId: "resetStreamPushToken",
    source: `${STREAM} responses, spec/components/schemas/LiveStreamResetNotice.yaml`,
    statement:
      "a reset answers 200 with the stream, or 202 with a notice when its ingest could not be closed (a stream live on its backup server)",
    probe: "reset-answers",
    check: "changes-applied",
    brokenBy: "status.resetStreamPushToken.always-202",
  },
  {
    id: "auth.scope-of-resource",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/components/responses/CloudForbidden.yaml",
    statement: "a key may not read a task of a project it is not bound to (403)",
    probe: "scope-of-resource",
    check: "auth-required",
    brokenBy: "auth.getTask.out-of-scope",
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
  {
    id: "bare-metal.unknown-flavor-fails",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "packages/mock/README.md (What the sandbox does): Tasks",
    statement:
      "a bare metal creation of an unknown flavor is taken, and its task ends in ERROR with an error and nothing created",
    probe: "unknown-flavor-fails",
    check: "tasks-end",
    brokenBy: "behaviour.getTask.failed-task-finished",
  },
  {
    id: "errors.body-refused",
    operationId: "updateSecurityGroup",
    source: "packages/mock/README.md (What the sandbox does): Errors",
    statement:
      "malformed JSON, or JSON sent as another content type, is refused with 400 by every operation that takes a body",
    probe: "body-refused",
    check: "invalid-refused",
    brokenBy: "validation.updateSecurityGroup.any-content-type",
  },
  {
    id: "errors.methods",
    operationId: "updateSecurityGroup",
    source: "packages/mock/README.md (What the sandbox does): Errors; spec/description.md (Errors) 405",
    statement:
      "HEAD works wherever GET does and answers no body; OPTIONS answers 204 with Allow; a method a path does not have, 405 with Allow",
    probe: "methods",
    check: "errors-documented",
    brokenBy: "status.updateSecurityGroup.other-method-404",
  },
];

export function behaviour(id: string): Behaviour {
  const found = BEHAVIOURS.find((b) => b.id === id);
  if (!found) throw new Error(`no behaviour "${id}"`);
  return found;
}
