// Every behavioural sentence of the contract (sentences.ts finds them) and what checks it: statements of
// behaviours.ts, or checks every stateful run applies to every answer (checks.ts); or, for a sentence no
// request can check, why (sentence-statement.ts). The rows of an operation's own descriptions are in its folder
// (src/operations/<operationId>/behaviours.ts), the others here. `contract-tests statements --unchecked` lists
// the sentences with a reason and any sentence no row knows; statements.test.ts fails on one no row knows.
import { SENTENCES_BY_OPERATION } from "../operations/behaviour-registry.js";
import { BEHAVIOURS } from "./behaviours.js";
import { CHECKS } from "./checks.js";
import { type SentenceStatement, sentencesAt, type UncheckedBecause } from "./sentence-statement.js";
import { behaviouralSentences, type Sentence } from "./sentences.js";

export const SENTENCE_STATEMENTS: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/info/description (Getting started)", [
    [
      "Try every operation against the sandbox, a local stand-in for the API that keeps state: tasks run and finish, security groups change, push tokens rotate.",
      ["tasks.end", "security-group.answer-is-after", "stream.new-token"],
    ],
    [
      "Without a clone, the same sandbox comes with the `@cloud-contract/mock` package: `npx cloud-mock sandbox` in a project that installed it (see below for where the packages come from).",
      "install",
    ],
    [
      "Every sandbox starts with the same world, so the samples on this page work as they are, as often as you run them:",
      "samples",
    ],
    [
      'Besides the API, the sandbox answers a control API under `/__sandbox/` with the same key: `POST /__sandbox/tenants` gives you a world (and key) of your own, `POST /__sandbox/clock` stops its clock (`{"mode": "manual"}`) or moves it (`{"advance_ms": 5000}`) so tasks finish when you say, and `POST /__sandbox/faults` makes the next calls of an operation fail (`{"operation_id": "listActiveTasks", "kind": "status", "status": 503}`) to try your retries.',
      "control",
    ],
    [
      "The `@cloud-contract` packages come from your organisation's npm registry, not the public one: point the scope at it once with `npm config set @cloud-contract:registry <its URL>`.",
      "install",
    ],
  ]),
  sentencesAt("openapi.json#/info/description (Authentication)", [
    [
      "The scheme word is case-insensitive — `apikey`, `APIKey` and `ApiKey` all work (the official SDKs send `APIKey`); the key is not.",
      ["auth.scheme-any-case"],
    ],
    ["The key is accepted in this header only — never put it in a URL.", ["auth.not-in-url"]],
    [
      "A missing or malformed header is answered with `401`; a key that is valid but not allowed to touch the project, region or reseller in the path is answered with `403`.",
      ["auth.key-required", "auth.scope"],
    ],
  ]),
  sentencesAt("openapi.json#/info/description (Asynchronous tasks)", [
    [
      'They answer at once with `{"tasks": ["<task id>", …]}`; each id names one asynchronous task.',
      ["bare-metal.tasks-readable", "ports.tasks-readable"],
    ],
    [
      "Poll `GET /cloud/v1/tasks/{task_id}` until `state` is `FINISHED` (the work is done;",
      ["tasks.end", "tasks.error-says-why"],
    ],
    ["Only then start operations that depend on the result.", "advice"],
    [
      "`GET /cloud/v1/tasks/{project_id}/{region_id}/active` lists the tasks of a project and region that are still running.",
      ["tasks.only-active", "tasks.listed-until-ended", "scope.listActiveTasks"],
    ],
  ]),
  sentencesAt("openapi.json#/info/description (Tags: JSON Merge Patch)", [
    ["a key with `null` removes the tag;", ["security-group.tags-merge"]],
    ['`"tags": null` removes every tag you manage;', ["security-group.tags-null"]],
    [
      "read-only tags (`read_only: true`, set by the platform) are always kept and cannot be changed.",
      ["security-group.read-only-tags-kept"],
    ],
    ["Keys and values are at most 255 characters long.", ["invalid-refused"]],
  ]),
  sentencesAt("openapi.json#/info/description (Pagination)", [
    [
      "Lists take `limit` (page size) and `offset` (how many items to skip, from 0) and answer with `count`, the total number of items, and `results`, one page of them.",
      [
        "tasks.pages",
        "plans.pages",
        "settings.pages",
        "tasks.page-edges",
        "plans.page-edges",
        "settings.page-edges",
      ],
    ],
    [
      "Some lists also give `next` and `previous`, links to the neighbouring pages, or `null` at either end.",
      ["settings.page-edges", "settings.relative-links"],
    ],
  ]),
  sentencesAt("openapi.json#/info/description (Errors)", [
    ["Each service answers errors in its own JSON shapes:", ["response-conforms"]],
    [
      'Cloud `{"message", "exception_class", "request_id"}` (only `message` always present), or `{"code", "message"}`',
      ["response-conforms"],
    ],
    [
      'Billing `{"detail"}`, `{"error"}`, or the rejected fields with their reasons: `{"<field>": ["<reason>", …]}`',
      ["response-conforms"],
    ],
    ["Streaming answers a schema mismatch with 422 on the operations that document it.", ["invalid-refused"]],
    ["Wait as long as `Retry-After` says, then send it again.", ["errors.retry-after"]],
    ["5xx The service failed; safe (idempotent) requests may be retried with backoff.", "advice"],
  ]),
  sentencesAt("openapi.json#/info/description (Rate limits)", [
    [
      "No service publishes a fixed request rate: each may answer `429` when one key sends too many requests, and says in `Retry-After` how many seconds to wait.",
      ["errors.retry-after"],
    ],
    [
      "`published: false` since the service states no figure): the rate the local sandbox allows once its limits are switched on, so that a client's handling of `429` can be tried.",
      "sandboxOnly",
    ],
  ]),
  sentencesAt("openapi.json#/components/securitySchemes/ApiKey/description", [
    [
      "The scheme word is case-insensitive (`apikey`, `APIKey` and `ApiKey` are the same scheme; the official SDKs send `APIKey`); the key itself is compared exactly.",
      ["auth.scheme-any-case", "auth.key-required"],
    ],
    ["The key is never accepted in the URL.", ["auth.not-in-url"]],
  ]),
  sentencesAt("openapi.json#/components/parameters/TaskListLimit/description", [
    [
      "How many tasks to return at most (page size), 1 to 1000; 10 when not given.",
      ["tasks.page-edges", "invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/parameters/PlanContentsLimit/description", [
    [
      "Page size: how many plan contents to return in one page, at most 100.",
      ["plans.page-edges", "invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/parameters/ResellerNotificationSettingsOrdering/description", [
    [
      "The accepted values are not published: this is an open string, and the examples (field names of the setting, with a leading `-` for descending order) are illustrations only.",
      "openValues",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/QuotaCheckResult/description", [
    [
      "The answer of a quota check: a dictionary of the quotas that the checked request would exceed in the project's region.",
      ["registry.exceeded-quotas"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/CloudErrorBody/description", [
    ["The body of an error answer of the cloud service (tag Cloud).", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/TaskState/description", [
    ["`NEW` and `RUNNING` are not final — keep polling.", ["tasks.forward", "tasks.end"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/TaskType/description", [
    [
      "Use these values to filter the active-task list; a value outside this list is refused.",
      ["tasks.filter-by-type", "invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/TaskCreatedResources/description", [
    ["A key is present only where the service reports it.", "permissive"],
  ]),
  sentencesAt("openapi.json#/components/schemas/TaskCreatedResources/properties/clusters/description", [
    ["IDs of the created GPU clusters (`ai_clusters` holds the same IDs for older clients).", "noClusters"],
  ]),
  sentencesAt("openapi.json#/components/schemas/TaskInstanceCreationData/description", [
    ["None of the keys is always present, and further keys are allowed.", "permissive"],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/TaskInstanceCreationData/properties/keypair_name/description",
    [["Name of the SSH keypair put on the instance, or null when none is used.", ["tasks.keypair-named"]]],
  ),
  sentencesAt("openapi.json#/components/schemas/Task/description", [
    [
      "Operations that change infrastructure answer with task IDs; poll each task until `state` is `FINISHED` or `ERROR` before you start operations that depend on it.",
      ["bare-metal.tasks-readable", "tasks.end"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/Task/properties/created_resources/description", [
    ["Look here once the task is `FINISHED`.", ["tasks.end"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/Task/properties/finished_on/description", [
    [
      "When the task finished (an ISO 8601 timestamp), or null while it runs.",
      ["tasks.no-end-while-running", "tasks.listed-no-end-while-running", "tasks.forward"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/NetworkInterfaceSubnet/description", [
    [
      "Without `floating_ip` it is reachable only inside that network; with it, it also gets a public floating IP.",
      "noNetworkRead",
    ],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/BareMetalServerCreateRequest/properties/interfaces/items/properties/port_group/description",
    [
      [
        "Interfaces with the same value share one trunk port; each distinct value gets its own trunk.",
        "noNetworkRead",
      ],
    ],
  ),
  sentencesAt("openapi.json#/components/schemas/NetworkInterface/description", [
    ["The same union serves the instance price preview and bare metal server creation;", "about"],
  ]),
  sentencesAt("openapi.json#/components/schemas/VolumePricingItem/description", [
    ["Only `source` is required.", ["invalid-refused"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/VolumePricingItem/properties/source/description", [
    [
      "Where the volume comes from: a new empty volume (`new-volume`), an image (`image`), a snapshot (`snapshot`), an application template (`apptemplate`) or a volume that already exists (`existing-volume`).",
      ["invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/InstancePricePreviewRequest/description", [
    [
      "Give `names` or `name_templates` (at least one; giving both is not refused).",
      ["invalid-refused", "valid-accepted"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/InstancePricePreview/properties/price_status/description", [
    [
      "How a user interface should treat the price: `show` it, `hide` it (the account does not see prices), or report an `error` (the price could not be computed).",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleEthertype/description", [
    ["A `remote_ip_prefix` given with the rule must belong to the same version.", "callerRule"],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleCreate/description", [
    ["Only `action` is required.", ["invalid-refused"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleCreate/properties/description/description", [
    ["A free-text note on the rule, at most 255 characters.", ["invalid-refused"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleDelete/description", [
    [
      "A rule change that removes an existing rule from the security group, named by `security_group_rule_id`.",
      ["security-group.rules", "security-group.all-or-nothing"],
    ],
    [
      "The ID is not required by the schema (it may be `null`), but a delete that names no rule is refused by the service.",
      ["security-group.all-or-nothing"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleDelete/properties/action/description", [
    [
      "`delete`: remove the rule named by `security_group_rule_id`.",
      ["security-group.rules", "security-group.all-or-nothing"],
    ],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/SecurityGroupRuleDelete/properties/security_group_rule_id/description",
    [
      [
        "The ID of the rule to remove; it must belong to this security group.",
        ["security-group.rules", "security-group.all-or-nothing"],
      ],
    ],
  ),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleChange/description", [
    [
      "One change to the rules of a security group, chosen by `action`: `create` adds a rule (`SecurityGroupRuleCreate`), `delete` removes one by its ID (`SecurityGroupRuleDelete`).",
      ["security-group.rules"],
    ],
    ["To change a rule, delete it and create its replacement in the same request.", "advice"],
  ]),
  sentencesAt("openapi.json#/components/schemas/TagsMergePatch/description", [
    [
      "a string value creates the tag, or replaces the value of the tag that already has this key;",
      ["security-group.tags-merge"],
    ],
    ["`null` removes the tag with this key;", ["security-group.tags-merge"]],
    [
      "tags whose keys are not in the object stay as they are, so `{}` changes nothing.",
      ["security-group.tags-merge"],
    ],
    ["Sending `null` instead of an object removes every user tag at once.", ["security-group.tags-null"]],
    [
      "Read-only tags (set by the platform, `read_only: true`) are never changed or removed, whatever the patch says.",
      ["security-group.read-only-tags-kept"],
    ],
    [
      "To replace the whole set in one request, give `null` for each old key and a string for each new one.",
      "advice",
    ],
    [
      "A key is 1 to 255 characters with no whitespace and no `=`; a value is 1 to 255 characters with no tabs or line breaks and no space at either end.",
      ["invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/TagsMergePatch/additionalProperties/description", [
    ["The new value of the tag, or `null` to remove the tag.", ["security-group.tags-merge"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupUpdateRequest/description", [
    [
      "Every field is optional and only the fields present are applied; an empty object changes nothing.",
      ["security-group.answer-is-after"],
    ],
    ['`"tags": null` removes every user tag.', ["security-group.tags-null"]],
    ["Read-only tags are always kept.", ["security-group.read-only-tags-kept"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleV2/description", [
    [
      "Only `direction` is required; a field left out or `null` does not restrict the rule (no ports: every port; no protocol: every protocol; no `remote_ip_prefix` or `remote_group_id`: every remote address).",
      ["security-groups-v2.rule-unrestricted", "invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRuleV2/properties/description/description", [
    [
      "A free-text note on the rule, at most 255 characters; empty when left out.",
      ["security-groups-v2.rule-note", "invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupUpdateV2Request/description", [
    [
      "Every field is optional and only the fields present are applied; a field whose value equals the group's current one is skipped.",
      ["security-groups-v2.applied", "security-groups-v2.nothing-no-task"],
    ],
    ["`name` and `description` replace the group's name and description.", ["security-groups-v2.applied"]],
    ["Keep a rule by giving it again;", ["security-groups-v2.rule-kept"]],
    ["`[]` removes every rule.", ["security-groups-v2.rules-emptied"]],
    ['`"tags": null` removes every user tag.', ["security-groups-v2.tags-null"]],
    ["Read-only tags are always kept.", ["security-groups-v2.read-only-tags-kept"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupUpdateV2Request/properties/rules/description", [
    [
      "The group's rules after the update, at most 250; rules not listed are removed.",
      ["security-groups-v2.rule-set", "invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/Tag/description", [
    [
      "A tag with `read_only: true` is managed by the platform: users can neither change nor remove it.",
      ["security-group.read-only-tags-kept", "security-group.tags-merge"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/Tag/properties/key/description", [
    ["At most 255 characters.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/Tag/properties/value/description", [
    ["At most 255 characters.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRule/description", [
    [
      "No field is required; in practice the service always returns `id`, `security_group_id`, `direction`, `revision_number`, `created_at` and `updated_at`.",
      "notRequired",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroupRule/properties/id/description", [
    ["The rule's ID (public examples show UUIDs).", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/SecurityGroup/properties/tags_v2/description", [
    [
      "All tags of the group, user tags and read-only tags alike, each with its `read_only` flag.",
      ["security-group.read-only-tags-kept", "security-group.tags-merge"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/AllowedAddressPairsRequest/description", [
    [
      "It replaces the pairs the port has now: pairs left out are removed, and an empty list removes them all.",
      "noPortRead",
    ],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/AllowedAddressPairsRequest/properties/allowed_address_pairs/description",
    [["The field is optional; left out, it is an empty list, which removes every pair.", "noPortRead"]],
  ),
  sentencesAt("openapi.json#/components/schemas/TaskIdList/description", [
    [
      "The answer of an operation that works asynchronously: the IDs of the tasks it started.",
      ["bare-metal.tasks-readable", "ports.tasks-readable"],
    ],
    [
      "Poll each task (`getTask`) until its `state` is `FINISHED` or `ERROR` before starting operations that depend on it.",
      "advice",
    ],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/BareMetalServerCreateRequest/properties/username/description",
    [["Linux only — the name of a user to create, together with `password`.", "noLogin"]],
  ),
  sentencesAt("openapi.json#/components/schemas/BareMetalServerCreateRequest/properties/tags/description", [
    [
      "A key is 1 to 255 characters with no whitespace and no `=`; a value is 1 to 255 characters with no tabs or line breaks and no space at either end.",
      ["invalid-refused"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentFeature/description", [
    ["All three fields are always present;", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentRegion/description", [
    ["A region the priced item applies to; every field is always present.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentProductCategory/description", [
    ["The product category of the priced item; both fields are always present.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentProduct/description", [
    ["The product the priced item belongs to; every field is always present.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentUnit/description", [
    [
      "A unit of measure, used for the quantity a price applies to and for rounding; every field is always present.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentCurrency/description", [
    ["`id` and `char_code` are always present;", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentPriceStage/description", [
    [
      "Both values are decimal strings, so no precision is lost; both are always present.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentPrice/properties/price_stages/description", [
    ["The stages of a staged or stepped price, by threshold; empty for a flat price.", "flat"],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContent/description", [
    [
      "Every field is present and none is null (inside, only a feature's `erp_sku_id` and a currency's `symbol` may be null).",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/PlanContentList/description", [
    [
      "`next` and `previous` link to the neighbouring pages, or are null at either end.",
      ["plans.page-edges", "plans.pages"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/BillingErrorBody/description", [
    [
      "The body of an error answer of the billing service (tag Billing), in one of three shapes: a `detail` text, an `error` text, or a validation report that maps each rejected request field to its list of reasons.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/BillingErrorBody/anyOf/2/description", [
    ["Each rejected request field, mapped to the reasons it was rejected.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/CdnCertificateRevokeRequest/description", [
    ["Both fields are required, and a revoke is exactly these two values.", ["cdn.only-the-revoke"]],
    [
      "The same path also serves the general CDN resource update, which this operation does not cover; that is why the types are not narrowed to the two constants.",
      "about",
    ],
    ["The sandbox answers any other combination with `400`.", ["cdn.only-the-revoke"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/CdnResourceUpdateResult/description", [
    ["The answer to a certificate revoke: an empty object or the updated CDN resource.", ["cdn.revoked"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/CdnErrorBody/description", [
    [
      "The body of an error answer of the CDN service (tag CDN): `errors` — either reasons per rejected request field, or a plain list of reasons — or a `message` text (sometimes with the HTTP `status` beside it).",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/CdnErrorBody/anyOf/0/properties/errors/description", [
    [
      "The reasons per rejected request field (such as `sslData`), or a list of reasons.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/CdnFieldErrors/description", [
    [
      "The reasons per rejected request field: a list of reasons, or one reason as text.",
      ["response-conforms"],
    ],
    [
      "A field that holds further fields (such as `auth` or an origin of `sources`) maps each of them to its own reasons the same way.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/ResellerNotificationSetting/properties/email/description", [
    ["The address that receives the notifications, at most 254 characters.", ["response-conforms"]],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/ResellerNotificationSettingList/properties/next/description",
    [["A string, never null; the last page leaves it out.", ["settings.page-edges", "response-conforms"]]],
  ),
  sentencesAt("openapi.json#/components/schemas/IamErrorBody/description", [
    [
      "The body of an error answer of the IAM service (tag IAM): a validation report (`errors`: reasons per rejected request field) or a `message` text.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/IamErrorBody/anyOf/0/properties/errors/description", [
    [
      "Each rejected request field, mapped to the reasons it was rejected: a list, or one reason as text.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt(
    "openapi.json#/components/schemas/ResellerNotificationSettingCreateRequest/properties/email/description",
    [
      [
        "The address that receives the notifications, at most 254 characters: any mailbox of RFC 5321 (a quoted local part, a one-label domain and an address literal such as `name@[192.0.2.1]` included).",
        ["invalid-refused", "settings.email-kept"],
      ],
    ],
  ),
  sentencesAt("openapi.json#/components/schemas/LiveStreamMultiRegionPushUrl/description", [
    [
      "Push URLs inside an item follow the same shapes and carry the same push token as `push_url`, `push_url_srt` and `push_url_whip`.",
      ["stream.token-in-urls"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStreamOverlay/description", [
    [
      "One HTML overlay widget attached to a live stream: a web page that the platform renders and mixes over the video (refreshed about once a second).",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/description", [
    ["Only `name` is required.", ["response-conforms"]],
    [
      "Several fields may be null (source protocol, session timestamps, transcoding figures, custom IDs, `uri`); the push URLs and the screenshot URL are never null.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/active/description", [
    [
      "While it is `false` nothing is processed: PULL stops fetching and PUSH connections are refused with an error.",
      "platform",
    ],
    ["A PULL stream whose source stays idle for 2 hours is switched to `false` automatically.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/uri/description", [
    ["PULL only: the source URL, or several source URLs separated by a single space.", "platform"],
    [
      "The sources are used in round robin: when the current one does not answer or stops sending data, the next one is tried, wrapping around to the first.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/hls_mpegts_endlist_tag/description", [
    [
      "When `true`, the `#EXT-X-ENDLIST` tag is added to the `.m3u8` playlist after the last segment once the broadcast ends.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/client_user_id/description", [
    ["Stored only; not used in processing.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/client_entity_data/description", [
    ["Stored only; not used in processing.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/projection/description", [
    ["It affects the built-in player only, not the outputs.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/live/description", [
    [
      "`true` while the main ingest server is receiving the master stream and it is being transcoded.",
      "platform",
    ],
    ["For PULL streams this is the only live indicator, whichever source in `uri` is in use.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/backup_live/description", [
    [
      "PUSH only — `true` while the backup ingest server is receiving and transcoding a stream sent to `backup_push_url` or `backup_push_url_srt`.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/token/description", [
    [
      "There is exactly one per stream; resetting it replaces it in all push URLs and the old one stops working.",
      ["stream.token-in-urls", "stream.new-token"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/stream_source_type/description", [
    ["It names the protocol only, not whether the main or the backup ingest is used.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/push_url/description", [
    ["For RTMPS replace the scheme with `rtmps://` (port 443 may be given explicitly).", "platform"],
    [
      "Send one connection with one protocol per stream at a time: pushing the primary and backup feeds to this same URL, or RTMP here and SRT or WHIP to the other URLs at the same moment, makes transcoding fail.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/backup_push_url/description", [
    [
      "Same shape and token as `push_url`, with a backup marker that may be appended to the stream ID part: treat the URL as opaque and copy it whole.",
      ["stream.token-in-urls"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/push_url_srt/description", [
    ["Use either RTMP/RTMPS or SRT, never both at once.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/backup_push_url_srt/description", [
    [
      "SRT URL for pushing a backup feed to the backup ingest server; same shape, token and failover behaviour as `push_url_srt` and `backup_push_url`.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/push_url_whip/description", [
    ["Main server only — there is no backup WHIP URL.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/multi_region_push_urls/description", [
    [
      "Present only when the provider has enabled the feature for the account on request; otherwise absent.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/started_at_primary/description", [
    ["Only the latest session is kept;", "platform"],
    ["`null` if it never started.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/finished_at_primary/description", [
    [
      "It keeps the previous end time across restarts and is never reset to `null`; if `started_at_primary` is later than this value, the current session is still running.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/screenshot/description", [
    [
      "Address of the latest still image of the stream (JPEG, at most 1080 pixels wide — smaller if the source is smaller).",
      "platform",
    ],
    ["Refreshed every 10 seconds while the stream is live; earlier images are not kept.", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/frame_rate/description", [
    ["Current frame rate of the original stream while it is transcoded, in frames per second;", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/video_height/description", [
    ["Current frame height of the original stream while it is transcoded, in pixels;", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/video_width/description", [
    ["Current frame width of the original stream while it is transcoded, in pixels;", "platform"],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStream/properties/html_overlays/description", [
    [
      "The HTML overlay widgets attached to the stream; shown only while `html_overlay` is `true`.",
      "platform",
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/LiveStreamResetNotice/description", [
    [
      "The short answer of a push-token reset whose active ingest could not be closed automatically (`202`).",
      ["stream.reset-answers"],
    ],
    ["The token has been replaced all the same; read the stream to get its new push URLs.", "noStreamRead"],
  ]),
  sentencesAt("openapi.json#/components/schemas/StreamingErrorBody/description", [
    ["The body of an error answer of the streaming service (tag Streaming).", ["response-conforms"]],
    [
      "The streaming reference documents a list answer with an empty `data` and the reasons in `errors` (both present), and an `error` text, sometimes with the HTTP `status` beside it.",
      ["response-conforms"],
    ],
  ]),
  sentencesAt("openapi.json#/components/schemas/StreamingErrorBody/anyOf/0/properties/data/description", [
    ["Empty in an error answer.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/schemas/StreamingErrorBody/anyOf/0/properties/errors/description", [
    ["The reasons the request was refused.", ["response-conforms"]],
  ]),
  sentencesAt("openapi.json#/components/responses/CloudTooManyRequests/description", [
    [
      "Wait as long as `Retry-After` says before trying again (in the cloud service's error shape).",
      ["errors.retry-after"],
    ],
  ]),
  sentencesAt("openapi.json#/components/responses/CloudTooManyRequests/headers/Retry-After/description", [
    ["Seconds to wait, or an HTTP date after which to retry.", ["errors.retry-after"]],
  ]),
  sentencesAt("openapi.json#/components/responses/CloudServerError/description", [
    [
      "A 503 with `Retry-After` means that the request was not applied and nothing changed: send it again once that many seconds have passed.",
      [
        "retry.createBareMetalServers",
        "retry.addResellerNotificationSetting",
        "retry.replacePortAllowedAddressPairs",
        "errors.retry-after",
      ],
    ],
    ["After another 5XX status, retry idempotent requests only, with backoff.", "advice"],
  ]),
  sentencesAt("openapi.json#/components/responses/BillingTooManyRequests/description", [
    [
      "Wait as long as `Retry-After` says before trying again (in the billing service's error shape).",
      ["errors.retry-after"],
    ],
  ]),
  sentencesAt("openapi.json#/components/responses/BillingTooManyRequests/headers/Retry-After/description", [
    ["Seconds to wait, or an HTTP date after which to retry.", ["errors.retry-after"]],
  ]),
  sentencesAt("openapi.json#/components/responses/BillingServerError/description", [
    [
      "A 503 with `Retry-After` means that the request was not applied and nothing changed: send it again once that many seconds have passed.",
      [
        "retry.createBareMetalServers",
        "retry.addResellerNotificationSetting",
        "retry.replacePortAllowedAddressPairs",
        "errors.retry-after",
      ],
    ],
    ["After another 5XX status, retry idempotent requests only, with backoff.", "advice"],
  ]),
  sentencesAt("openapi.json#/components/responses/CdnTooManyRequests/description", [
    [
      "Wait as long as `Retry-After` says before trying again (in the CDN service's error shape).",
      ["errors.retry-after"],
    ],
  ]),
  sentencesAt("openapi.json#/components/responses/CdnTooManyRequests/headers/Retry-After/description", [
    ["Seconds to wait, or an HTTP date after which to retry.", ["errors.retry-after"]],
  ]),
  sentencesAt("openapi.json#/components/responses/CdnServerError/description", [
    [
      "A 503 with `Retry-After` means that the request was not applied and nothing changed: send it again once that many seconds have passed.",
      [
        "retry.createBareMetalServers",
        "retry.addResellerNotificationSetting",
        "retry.replacePortAllowedAddressPairs",
        "errors.retry-after",
      ],
    ],
    ["After another 5XX status, retry idempotent requests only, with backoff.", "advice"],
  ]),
  sentencesAt("openapi.json#/components/responses/IamTooManyRequests/description", [
    [
      "Wait as long as `Retry-After` says before trying again (in the IAM service's error shape).",
      ["errors.retry-after"],
    ],
  ]),
  sentencesAt("openapi.json#/components/responses/IamTooManyRequests/headers/Retry-After/description", [
    ["Seconds to wait, or an HTTP date after which to retry.", ["errors.retry-after"]],
  ]),
  sentencesAt("openapi.json#/components/responses/IamServerError/description", [
    [
      "A 503 with `Retry-After` means that the request was not applied and nothing changed: send it again once that many seconds have passed.",
      [
        "retry.createBareMetalServers",
        "retry.addResellerNotificationSetting",
        "retry.replacePortAllowedAddressPairs",
        "errors.retry-after",
      ],
    ],
    ["After another 5XX status, retry idempotent requests only, with backoff.", "advice"],
  ]),
  sentencesAt("openapi.json#/components/responses/StreamingTooManyRequests/description", [
    [
      "Wait as long as `Retry-After` says before trying again (in the streaming service's error shape).",
      ["errors.retry-after"],
    ],
  ]),
  sentencesAt("openapi.json#/components/responses/StreamingTooManyRequests/headers/Retry-After/description", [
    ["Seconds to wait, or an HTTP date after which to retry.", ["errors.retry-after"]],
  ]),
  sentencesAt("openapi.json#/components/responses/StreamingServerError/description", [
    [
      "A 503 with `Retry-After` means that the request was not applied and nothing changed: send it again once that many seconds have passed.",
      [
        "retry.createBareMetalServers",
        "retry.addResellerNotificationSetting",
        "retry.replacePortAllowedAddressPairs",
        "errors.retry-after",
      ],
    ],
    ["After another 5XX status, retry idempotent requests only, with backoff.", "advice"],
  ]),
  sentencesAt("openapi.json#/components/links/GetFirstTask/description", [
    [
      "Poll the task this answer handed out (the first of `tasks`; follow every other one the same way) until it is `FINISHED` or `ERROR`.",
      ["ids-retrievable", "tasks.end"],
    ],
  ]),
  sentencesAt("openapi.json#/components/links/ListActiveTasksOfRequest/description", [
    [
      "The tasks this answer handed out are listed among the active tasks of the same project and region until they end.",
      ["tasks.listed-until-ended"],
    ],
  ]),
  sentencesAt("mock/README.md#@cloud-contract/mock", [
    [
      "Two local stand-ins for the cloud platform API, both driven by the bundled spec: the Prism mock checks the *shape* of requests and answers with the spec's examples (stateless); the sandbox *behaves* like the API — tasks run and finish, security groups change, push tokens rotate — and validates every request with the spec, so it cannot drift from the contract.",
      "about",
    ],
  ]),
  sentencesAt("mock/README.md#Commands", [
    [
      "`pnpm sandbox --state-file .sandbox-state.json` the same state kept in a file across restarts",
      "process",
    ],
    [
      "`pnpm sandbox --data-dir .sandbox-data` the same every change committed to an embedded database (LMDB) before it is answered",
      "process",
    ],
    [
      "`pnpm sandbox --database-url postgres://…` the same state in PostgreSQL, shareable by several sandbox processes",
      "process",
    ],
    ["`Ctrl-\\` quits at once).", "process"],
  ]),
  sentencesAt("mock/README.md#Authentication", [
    [
      "Every operation needs `Authorization: apikey <KEY>`: the scheme word in any case (the official SDKs send `APIKey`), then one space and a non-empty key.",
      ["auth.key-required", "auth.scheme-any-case"],
    ],
  ]),
  sentencesAt("mock/README.md#Programmatic API", [
    ["Resolves once Prism answers; it never outlives its parent (ended by PID).", "process"],
    ["A taken port is refused.", "process"],
    [
      "`fetch` is answered by the same core as the HTTP server (faults and control API included), `control` is `connectSandbox`'s.",
      "process",
    ],
    ["In memory only;", "process"],
    [
      "In a browser: `@cloud-contract/mock/in-process` exports `createSandbox` and nothing that needs Node.",
      "process",
    ],
  ]),
  sentencesAt("mock/README.md#Fixtures", [
    [
      "Security group (project 1, region 1) with read-only tag `provisioned-by` and user tags `environment`, `team` `2bf3a5d7-9072-40aa-8c3b-5c3b6a6a3f0e`",
      ["security-group.read-only-tags-kept"],
    ],
    [
      "Port; network (the only one the sandbox knows besides `external`) and its subnet, for interfaces (project 1, region 1) `1f0ca628-a73b-42c0-bdac-7b10d023e097`;",
      "fixture",
    ],
  ]),
  sentencesAt("mock/README.md#What the sandbox does", [
    [
      '`createBareMetalServers` and `replacePortAllowedAddressPairs` answer `{"tasks": [id]}` at once; the task is `RUNNING`, then `FINISHED` after the task delay (with `finished_on`, `created_resources`), and only then does the change show.',
      ["tasks.end", "tasks.no-end-while-running", "bare-metal.tasks-readable"],
    ],
    [
      "A bare metal task ends in `ERROR` (nothing created) for an unknown or non-bare-metal flavor, image, application template or interface network.",
      ["bare-metal.unknown-flavor-fails"],
    ],
    ["`listActiveTasks`: `limit` 10 by default, at most 1000.", ["tasks.page-edges"]],
    [
      "One registry of `storage_limit` GiB against the project's limits; answers the exceeded quotas only (`<quota>_limit`, `_usage`, `_requested`), `{}` when it fits (a negative size always fits).",
      ["registry.exceeded-quotas", "registry.creates-nothing"],
    ],
    [
      "All or nothing: `changed_rules` deletes by id (unknown: 404) and creates rules (a duplicate: 409;",
      ["security-group.all-or-nothing", "security-group.rules"],
    ],
    [
      '`tags` merge-patches the user tags (`null` removes, `"tags": null` removes all); read-only tags stay;',
      ["security-group.tags-merge", "security-group.tags-null", "security-group.read-only-tags-kept"],
    ],
    ["`limit` 20 by default (and below 1), at most 100; absolute `next`/`previous`.", ["plans.page-edges"]],
    [
      'Deprecated: every answer carries `Deprecation` and `Link: <…/v2/security_groups/…>; rel="successor-version"`.',
      "sandboxOnly",
    ],
    [
      "The v2 update checks at once, then a task sets name, description, the whole rule set and tags (`tasks: []` when nothing changes).",
      [
        "security-groups-v2.applied",
        "security-groups-v2.rule-set",
        "security-groups-v2.tags-merge",
        "security-groups-v2.nothing-no-task",
      ],
    ],
    [
      'Only `{"sslData": null, "sslEnabled": false}`: it unlinks the certificate, turns HTTPS off and answers `{}`; repeating it is harmless.',
      ["cdn.revoked", "cdn.only-the-revoke"],
    ],
    [
      "Per reseller, any RFC 5321 address, `enabled` by default; the same type for the same address is a 400.",
      ["settings.stored", "settings.once-per-type"],
    ],
    [
      "The list takes `limit` (all when absent or below 1), `offset`, `ordering` (`id`, `email`, `notification_type`, `enabled`, `reseller`, with `-`; others ignored) and answers relative `next`/`previous` links.",
      ["settings.pages", "settings.ordering", "settings.relative-links"],
    ],
    [
      "Every error comes in the error shape of the operation's service, with `X-Request-Id`, at a status the operation documents or one of HTTP's own (401, 405, 413, 429, 503).",
      ["errors.request-id", "response-conforms"],
    ],
    [
      "Malformed JSON or another content type → 400; a body that is not UTF-8 → 400; a body over 1 MiB (`maxBodyBytes`) → 413, read to its end (up to 16 MiB) so that a client still sending gets the answer.",
      ["errors.body-refused"],
    ],
    [
      "Numbers are refused only where the spec says so: an integer of a body beyond ±(2^53 − 1) is kept and answered back with all its digits (every backend keeps them), unknown properties are ignored whatever they hold, and an id too large for any entity is a 404 like any unknown id.",
      ["registry.digits-kept"],
    ],
    [
      "`HEAD` works wherever `GET` does, `OPTIONS` → 204 with `Allow`, another method → 405; a store that is unavailable → 503 with `Retry-After`, which means nothing changed; anything else →",
      ["errors.methods", "retry.createBareMetalServers"],
    ],
    ["No error shows hosts, ports or paths.", ["errors.no-internals"]],
    ["Large bodies are parsed and checked in turns, so other calls are answered meanwhile.", "process"],
    [
      "Bad input never changes the state, a write's answer shows the state that write left and is sent once it is committed, and concurrent writes to a tenant take turns.",
      [
        "security-group.all-or-nothing",
        "settings.all-or-nothing",
        "bare-metal.all-or-nothing",
        "ports.all-or-nothing",
        "security-group.answer-is-after",
      ],
    ],
  ]),
  sentencesAt("mock/README.md#Tenants and the control API", [
    [
      "`POST /__sandbox/tenants` creates one seeded with the same fixtures and answers a fresh key (`sbx_` and 32 random characters), keys bound to project 2 and to reseller 1021, and the fixture ids (give each CI job or test file its own).",
      "control",
    ],
    [
      "A tenant unused for `--tenant-idle` (30 minutes) is evicted (its key: 401 `TenantEvicted`); at `--max-tenants` (500) the oldest never-used one makes room, else creation is a 429 with `Retry-After`, as past 200 creations per client address (then ten a second).",
      "control",
    ],
    ["The default world is never evicted; every backend keeps the tenants and keys.", "control"],
    [
      "Per tenant: 1,000 user tags per group (`--max-tags`), 10,000 entities of a kind (`--max-objects`), an 8 MiB read answer (`--max-answer`), a 1 MiB body, 100 overrides, 100 faults; beyond, a 400 (413) that changes nothing.",
      "control",
    ],
    ["Every call needs a key and acts on that key's tenant only:", "control"],
    [
      "`PUT /__sandbox/snapshot` `restoreSnapshot` Replace the caller's tenant with a snapshot 200, 400, 401, 403, 421",
      "control",
    ],
    [
      "`POST /__sandbox/tasks/{task_id}/complete` `completeTask` End a task now 200, 400, 401, 403, 404, 409, 421",
      "control",
    ],
    ["`DELETE /__sandbox/faults/{fault_id}` `deleteFault` Remove a fault 204, 401, 403, 404, 421", "control"],
    [
      "`POST /__sandbox/overrides` `addOverride` Choose the answer of the next calls 201, 400, 401, 403, 421",
      "control",
    ],
    [
      "`DELETE /__sandbox/overrides/{override_id}` `deleteOverride` Remove an override 204, 401, 403, 404, 421",
      "control",
    ],
    [
      'Tasks: `{"state": "FINISHED"}` or `{"state": "ERROR", "error": "…"}` ends a running task now (404, 409 otherwise).',
      "control",
    ],
    [
      'Faults: `{"kind", "times"?, "status"?, "retry_after_s"?, "delay_ms"?}` spoils the next `times` calls of `operation_id`, a `service` (`"cdn"`) or all: `status` (documented ones only, in the service\'s error shape), `reset` (no answer), `latency` (late), `slow_body` (trickles).',
      ["errors.fault-only-statuses", "errors.retry-after"],
    ],
    [
      'Chaos: `probability` with a `seed` (the same calls spoiled again after a reset), `latency: {"p50_ms", "p99_ms"}` (log-normal), `from`/`until` on the tenant\'s clock.',
      "control",
    ],
    [
      'Overrides: `{"operation_id", "status", "body"?, "headers"?, "times"?, "match"?: {"params", "query"}}` answers the next matching calls without running them (`X-Sandbox-Override`;',
      "control",
    ],
    ["`answered` keeps their request ids).", "control"],
    [
      "Journal and console: `http://127.0.0.1:4011/__sandbox/` shows the tenant's last 500 API calls live with request, answer, verdict (a `caller` or `sandbox` break), Keep as test (a vitest file), state, clock, faults, overrides.",
      "control",
    ],
    ["`--control off` (`control: false`) removes it all (`/__sandbox/` paths: 404).", "control"],
    [
      "An error answer rejects with `SandboxControlError` (`status`, `body`), none with `SandboxUnreachableError` (how to start one there);",
      "control",
    ],
    ["`packages/client/README.md` shows retries, timeouts and tasks tested this way.", "control"],
  ]),
  sentencesAt("mock/README.md#In MSW and Playwright", [
    [
      "`@cloud-contract/mock/msw` gives MSW 2 handlers answered by an in-process sandbox, and `/playwright` routes a page's or context's calls to one (answering the browser's CORS checks; a `reset` fault aborts the request).",
      "process",
    ],
  ]),
  sentencesAt("mock/README.md#Security", [
    [
      "The sandbox answers web pages of its own origin and the docs server's only, checks `Host`, and keeps no credential in its journal: [REFERENCE.md](REFERENCE.md#security) says what is refused and how to allow another origin (`--allow-origin`).",
      "sandboxOnly",
    ],
  ]),
  sentencesAt("mock/README.md#Snapshots and seeds", [
    [
      "A tenant's whole world (entities as the API answers them, clock, running tasks with their time left, id counters, armed faults and overrides; not the journal) is one versioned JSON document, `@cloud-contract/mock/snapshot.schema.json`:",
      "control",
    ],
    ["Restore replaces the world whole and at once; keys stay.", "control"],
    [
      "Checked first, nothing half-loaded: `format`/`version`, each entity against the schema of the API answer that carries it, ids unique per kind, references resolving (a port's network, a task's ports, a setting's reseller), `seed` equal to the sandbox's.",
      "control",
    ],
    [
      "From recorded traffic: `cloud-mock seed-from-har FILE.har… --out seed.json` redacts as `contract-tests record` does, keeps the entities the answers show (the later answer wins), lists what it could not place, and exits 1 when the seed would not load.",
      "tool",
    ],
  ]),
  sentencesAt("mock/README.md#Persistence", [
    [
      "`--state-file PATH`, `--data-dir DIR` (LMDB) or `--database-url postgres://…` keep every tenant across restarts; [REFERENCE.md](REFERENCE.md#persistence) says what each promises, and what a store fault answers.",
      "process",
    ],
  ]),
  // The sentences of each operation's descriptions: in its folder, src/operations/<operationId>/behaviours.ts.
  ...Object.values(SENTENCES_BY_OPERATION),
].flat();

const keyOf = (s: Sentence) => `${s.at}\n${s.text}`;

/** The ids a verdict may name: a statement of behaviours.ts or a check of checks.ts. */
export const STATEMENT_IDS: ReadonlySet<string> = new Set([
  ...BEHAVIOURS.map((b) => b.id),
  ...Object.keys(CHECKS),
]);

export interface StatementsReport {
  checked: SentenceStatement[];
  /** Known sentences no statement checks, each with why. */
  unchecked: Array<Sentence & { verdict: UncheckedBecause }>;
  /** Sentences of the contract this table does not know: each needs a statement or a reason. */
  unknown: Sentence[];
  /** Rows whose sentence is no longer in the contract. */
  gone: SentenceStatement[];
}

export function statementsReport(sentences: readonly Sentence[] = behaviouralSentences()): StatementsReport {
  const known = new Map(SENTENCE_STATEMENTS.map((s) => [keyOf(s), s]));
  const present = new Set(sentences.map(keyOf));
  const checked: SentenceStatement[] = [];
  const unchecked: StatementsReport["unchecked"] = [];
  const unknown: Sentence[] = [];
  for (const sentence of sentences) {
    const row = known.get(keyOf(sentence));
    if (row === undefined) unknown.push(sentence);
    else if (typeof row.verdict === "string")
      unchecked.push({ at: row.at, text: row.text, verdict: row.verdict });
    else checked.push(row);
  }
  const gone = SENTENCE_STATEMENTS.filter((s) => !present.has(keyOf(s)));
  return { checked, unchecked, unknown, gone };
}
