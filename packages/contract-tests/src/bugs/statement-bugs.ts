// Seeded bugs that break one sentence of the contract across fields, calls or time, each schema-valid on
// its own: fields of one answer that disagree, an answer about another scope than the path's, the edges of a
// page, a refusal that changed something, a value not kept as sent, an error that leaks or lacks its
// request id, a retry that is not safe. Written before the statements that catch them (behaviours.ts).
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { isObject, type JsonObject, objectOf, objectsOf } from "../json-fields.js";
import { isFinal } from "../task-states.js";
import {
  type BugAnswer,
  type BugCall,
  defineBug,
  isSuccess,
  rewriteRequest,
  rewriteSuccess,
  type SeededBug,
} from "./seeded-bug.js";

type Json = JsonObject;

const bug = defineBug;

const isRefusal = (status: number) => status >= 400 && status < 500;
const numberParam = (call: BugCall, name: string) => Number(call.url.searchParams.get(name) ?? 0);

/** Forwards the call with another body (or none), then puts the call back as it was. */
async function forwardWith(call: BugCall, body: unknown): Promise<BugAnswer> {
  const sent = call.body;
  call.body = body;
  try {
    return await call.forward();
  } finally {
    call.body = sent;
  }
}

/** A refusal answered as it was, after part of the request was applied all the same. */
const appliedOnRefusal =
  (status: number | "any", part: (body: Json) => Json | undefined): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    const refused = status === "any" ? isRefusal(answer.status) : answer.status === status;
    const applied = refused && isObject(call.body) ? part(call.body) : undefined;
    if (applied !== undefined) await forwardWith(call, applied);
    return answer;
  };

/** An error body with a detail of the server's inside added to its message (or as a field of its own). */
const leaking =
  (detail: string): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    if (answer.status < 400 || !isObject(answer.body)) return answer;
    const body = structuredClone(answer.body);
    if (typeof body.message === "string") body.message = `${body.message} ${detail}`;
    else body.debug = detail;
    return { ...answer, body };
  };

/** An answer of `status` (any error when "error") without one of its headers. */
const withoutHeader =
  (status: number | "error", header: string): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    if (status === "error" ? answer.status < 400 : answer.status !== status) return answer;
    const headers = Object.fromEntries(
      Object.entries(answer.headers ?? {}).filter(([name]) => name !== header),
    );
    return { ...answer, headers };
  };

/** A 503 answered as it came, after the call was applied anyway (sent on once the fault had passed). */
const appliedDespite503: SeededBug["apply"] = async (call) => {
  const answer = await call.forward();
  if (answer.status === 503) await call.forward();
  return answer;
};

/** Lower-cases, normalises or cuts every tag of a group change before it is stored. */
const changeTags = (change: (key: string, value: string) => [string, string]) =>
  rewriteRequest((call) => {
    const tags = objectOf(call.body).tags;
    if (!isObject(tags)) return;
    objectOf(call.body).tags = Object.fromEntries(
      Object.entries(tags).map(([k, v]) => (typeof v === "string" ? change(k, v) : [k, v])),
    );
  });

const FIELDS: SeededBug[] = [
  bug(
    "fields.getTask.running-with-finished-on",
    "a running task is answered with finished_on set to when it began",
    rewriteSuccess((t) => {
      if (!isFinal(String(t.state))) t.finished_on = t.created_on;
    }),
  ),
  bug(
    "fields.listActiveTasks.running-with-finished-on",
    "a listed active task carries a finished_on",
    rewriteSuccess((b) => {
      for (const t of objectsOf(b.results)) if (!isFinal(String(t.state))) t.finished_on = t.created_on;
    }),
  ),
  bug(
    "fields.getTask.error-without-reason",
    "a task in ERROR is answered with error null",
    rewriteSuccess((t) => {
      if (t.state === "ERROR") t.error = null;
    }),
  ),
  bug(
    "fields.updateSecurityGroup.rule-of-other-group",
    "the group's first rule names another group as its security_group_id",
    rewriteSuccess((g) => {
      const rule = objectsOf(g.security_group_rules)[0];
      if (rule) rule.security_group_id = "7d1c2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
    }),
  ),
  bug(
    "fields.revokeCdnCertificate.https-kept-on",
    "a revoke unlinks the certificate but answers sslEnabled true",
    rewriteSuccess((r) => {
      if ("sslEnabled" in r) r.sslEnabled = true;
    }),
  ),
];

/** The same item once more, as if it belonged to the next project, region or reseller. */
const plusOne = (field: string) =>
  rewriteSuccess((b) => {
    const item = objectsOf(b.results)[0];
    if (!item || typeof item[field] !== "number") return;
    b.results = [
      ...objectsOf(b.results),
      {
        ...item,
        id: typeof item.id === "number" ? item.id + 1000 : `${String(item.id).slice(0, -4)}beef`,
        [field]: item[field] + 1,
      },
    ];
    b.count = Number(b.count) + 1;
  });

const SCOPE: SeededBug[] = [
  bug(
    "scope.listActiveTasks.other-region-listed",
    "a task of the next region is listed too",
    plusOne("region_id"),
  ),
  bug(
    "scope.listActiveTasks.other-project-listed",
    "a task of the next project is listed too",
    plusOne("project_id"),
  ),
  bug(
    "scope.listResellerNotificationSettings.other-reseller-listed",
    "a setting of the next reseller is listed too",
    plusOne("reseller"),
  ),
  bug(
    "scope.addResellerNotificationSetting.stored-for-other-reseller",
    "a setting is added to reseller 1021 whatever reseller the path names",
    rewriteRequest((call) => {
      call.url.pathname = call.url.pathname.replace(
        /\/resellers\/\d+\//,
        `/resellers/${SANDBOX_FIXTURES.otherResellerId}/`,
      );
    }),
  ),
  bug(
    "scope.updateSecurityGroup.other-region-answered",
    "the changed group is answered with the next region's id",
    rewriteSuccess((g) => {
      if (typeof g.region_id === "number") g.region_id += 1;
    }),
  ),
  bug(
    "scope.resetStreamPushToken.other-stream",
    "the reset answers another stream's id",
    rewriteSuccess((s) => {
      if (typeof s.id === "number") s.id += 1;
    }),
  ),
  bug(
    "scope.getTask.other-task",
    "a task is answered with another task's id",
    rewriteSuccess((t) => {
      if (typeof t.id === "string") t.id = `${t.id.slice(0, -4)}beef`;
    }),
  ),
];

/** A page past the end answered as another page: the first, or the last full one. */
const pastTheEnd =
  (offsetOf: (count: number, limit: number) => number): SeededBug["apply"] =>
  async (call) => {
    const answer = await call.forward();
    const offset = numberParam(call, "offset");
    const body = objectOf(answer.body);
    if (!isSuccess(answer.status) || offset === 0 || objectsOf(body.results).length > 0) return answer;
    call.url.searchParams.set(
      "offset",
      String(offsetOf(Number(body.count), numberParam(call, "limit") || 1)),
    );
    return call.forward();
  };

const capLimit = (cap: number) =>
  rewriteRequest((call) => {
    if (numberParam(call, "limit") > cap) call.url.searchParams.set("limit", String(cap));
  });

/** The last item dropped when a page starts at it (an off-by-one at the end). */
const lastItemDropped = rewriteSuccess((b, call) => {
  const offset = numberParam(call, "offset");
  if (offset > 0 && offset === Number(b.count) - 1) b.results = [];
});

const PAGES: SeededBug[] = [
  bug(
    "pages.listActiveTasks.offset-past-end-wraps",
    "an offset past the end answers the first page",
    pastTheEnd(() => 0),
  ),
  bug("pages.listActiveTasks.limit-capped-at-default", "a limit above 10 is taken as 10", capLimit(10)),
  bug(
    "pages.listActiveTasks.last-item-dropped",
    "a page that starts at the last task is empty",
    lastItemDropped,
  ),
  bug(
    "pages.listPlanContents.offset-past-end-last-page",
    "an offset past the end answers the last page",
    pastTheEnd((count, limit) => Math.max(0, count - limit)),
  ),
  bug("pages.listPlanContents.limit-capped-at-default", "a limit above 20 is taken as 20", capLimit(20)),
  bug(
    "pages.listResellerNotificationSettings.last-item-dropped",
    "a page that starts at the last setting is empty",
    lastItemDropped,
  ),
  bug(
    "pages.listResellerNotificationSettings.next-on-last-page",
    "the last page links a next page past the end",
    rewriteSuccess((b, call) => {
      if (typeof b.next !== "string")
        b.next = `?limit=${numberParam(call, "limit") || 1}&offset=${Number(b.count)}`;
    }),
  ),
];

const ATOMICITY: SeededBug[] = [
  bug(
    "atomicity.updateSecurityGroup.name-applied-on-404",
    "a change refused for an unknown rule still renames the group",
    appliedOnRefusal(404, (b) => (typeof b.name === "string" ? { name: b.name } : undefined)),
  ),
  bug(
    "atomicity.updateSecurityGroup.tags-applied-on-409",
    "a change refused for a duplicate rule still sets its tags",
    appliedOnRefusal(409, (b) => (isObject(b.tags) ? { tags: b.tags } : undefined)),
  ),
  bug(
    "atomicity.updateSecurityGroup.name-applied-on-400",
    "a change refused for a reversed port range still renames the group",
    appliedOnRefusal(400, (b) => (typeof b.name === "string" ? { name: b.name } : undefined)),
  ),
  bug(
    "atomicity.addResellerNotificationSetting.duplicate-stored-anyway",
    "a refused repeat of a setting is stored under a variant of the address",
    appliedOnRefusal(400, (b) =>
      typeof b.email === "string" ? { ...b, email: `dup.${b.email.toLowerCase()}` } : undefined,
    ),
  ),
  bug(
    "atomicity.createBareMetalServers.refused-but-started",
    "a creation refused for its missing flavor starts a server all the same",
    appliedOnRefusal("any", (b) =>
      b.flavor === undefined ? { ...b, flavor: SANDBOX_FIXTURES.bareMetalFlavor } : undefined,
    ),
  ),
  bug(
    "atomicity.replacePortAllowedAddressPairs.refused-but-applied",
    "more than 10 pairs are refused, and the first 10 applied all the same",
    appliedOnRefusal("any", (b) =>
      Array.isArray(b.allowed_address_pairs) && b.allowed_address_pairs.length > 10
        ? { allowed_address_pairs: b.allowed_address_pairs.slice(0, 10) }
        : undefined,
    ),
  ),
];

const VALUES: SeededBug[] = [
  bug(
    "values.updateSecurityGroup.tag-key-lower-cased",
    "tag keys are stored in lower case",
    changeTags((k, v) => [k.toLowerCase(), v]),
  ),
  bug(
    "values.updateSecurityGroup.tag-value-normalized",
    "tag values are stored in Unicode NFC, not as sent",
    changeTags((k, v) => [k, v.normalize("NFC")]),
  ),
  bug(
    "values.updateSecurityGroup.astral-characters-replaced",
    "characters beyond the Basic Multilingual Plane in tag values are stored as ?",
    changeTags((k, v) => [k, v.replace(/[\u{10000}-\u{10FFFF}]/gu, "?")]),
  ),
  bug(
    "values.updateSecurityGroup.name-lower-cased",
    "the group's name is stored in lower case",
    rewriteRequest((call) => {
      const body = objectOf(call.body);
      if (typeof body.name === "string") body.name = body.name.toLowerCase();
    }),
  ),
  bug(
    "values.checkRegistryQuota.big-integer-rounded",
    "the answer is written from doubles: an integer beyond 2^53 loses its last digits",
    rewriteSuccess(() => undefined),
  ),
  bug(
    "values.addResellerNotificationSetting.email-lower-cased",
    "the e-mail is stored in lower case",
    rewriteRequest((call) => {
      const body = objectOf(call.body);
      if (typeof body.email === "string") body.email = body.email.toLowerCase();
    }),
  ),
];

const ERRORS: SeededBug[] = [
  bug(
    "errors.listActiveTasks.error-shows-host",
    "errors name the upstream host",
    leaking("(upstream http://10.12.0.7:8080/v1/tasks)"),
  ),
  bug(
    "errors.updateSecurityGroup.error-shows-stack",
    "errors carry a stack frame with a file path",
    leaking("at applyRules (/srv/cloud/handlers/groups.js:212:17)"),
  ),
  bug(
    "errors.createBareMetalServers.error-shows-path",
    "errors name a configuration file",
    leaking("(see /var/lib/cloud/bm/flavors.yaml)"),
  ),
  bug(
    "errors.previewInstancePrice.error-shows-port",
    "errors name the pricing database and its port",
    leaking("(pricing-db.internal:5432)"),
  ),
  bug(
    "errors.listPlanContents.error-shows-host",
    "errors name the billing host",
    leaking("(billing at https://billing-7.internal/api)"),
  ),
  bug(
    "errors.getTask.404-without-request-id",
    "an unknown task's 404 has no X-Request-Id",
    withoutHeader(404, "x-request-id"),
  ),
  bug(
    "errors.addResellerNotificationSetting.400-without-request-id",
    "a refused setting's 400 has no X-Request-Id",
    withoutHeader(400, "x-request-id"),
  ),
  bug(
    "errors.checkRegistryQuota.401-without-request-id",
    "a 401 has no X-Request-Id",
    withoutHeader(401, "x-request-id"),
  ),
  bug(
    "errors.resetStreamPushToken.404-without-request-id",
    "an unknown stream's 404 has no X-Request-Id",
    withoutHeader(404, "x-request-id"),
  ),
];

const RETRY: SeededBug[] = [
  bug(
    "retry.listActiveTasks.503-without-retry-after",
    "a 503 has no Retry-After",
    withoutHeader(503, "retry-after"),
  ),
  bug("retry.getTask.429-without-retry-after", "a 429 has no Retry-After", withoutHeader(429, "retry-after")),
  bug(
    "retry.listPlanContents.503-without-retry-after",
    "a 503 has no Retry-After",
    withoutHeader(503, "retry-after"),
  ),
  bug(
    "retry.updateSecurityGroup.429-without-retry-after",
    "a 429 has no Retry-After",
    withoutHeader(429, "retry-after"),
  ),
  bug(
    "retry.createBareMetalServers.503-applied",
    "a creation answered 503 starts its server all the same",
    appliedDespite503,
  ),
  bug(
    "retry.addResellerNotificationSetting.503-applied",
    "a setting answered 503 is stored all the same",
    appliedDespite503,
  ),
  bug(
    "retry.replacePortAllowedAddressPairs.503-applied",
    "a change of the pairs answered 503 starts its task all the same",
    appliedDespite503,
  ),
];

export const STATEMENT_BUGS: readonly SeededBug[] = [
  ...FIELDS,
  ...SCOPE,
  ...PAGES,
  ...ATOMICITY,
  ...VALUES,
  ...ERRORS,
  ...RETRY,
];
