// The catalogue of seeded bugs: each one wrong thing the sandbox could do in one operation, switched on one
// at a time (buggy-target.ts) to prove that the engines catch it. `bench:bugs` runs them all through the
// suite, generate and stateful; catalogue.test.ts runs one per class.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { isObject, type JsonObject, objectOf, objectsOf, stringOf, stringsOf } from "../json-fields.js";
import {
  type BugAnswer,
  type BugCall,
  defineBug,
  isSuccess,
  keyOf,
  rewriteRequest,
  rewriteStatus,
  rewriteSuccess,
  type SeededBug,
} from "./seeded-bug.js";
import { STATEMENT_BUGS } from "./statement-bugs.js";

type Json = JsonObject;

const bug = defineBug;

const each = (body: Json, change: (item: Json) => void) => {
  for (const item of objectsOf(body.results)) change(item);
};

/** The answer with another status and the same body. */
const restatus = (status: number) => (answer: BugAnswer) => ({ ...answer, status });

/** An error answer whose body is in no shape the service documents. */
const otherShape = (answer: BugAnswer): BugAnswer => ({
  ...answer,
  contentType: "application/json",
  body: { detail: "request refused", status_code: answer.status },
});

/** Ids of the seeded tasks: every other task is one a call made. */
const SEEDED_TASKS = new Set<string>([
  ...SANDBOX_FIXTURES.runningTaskIds,
  SANDBOX_FIXTURES.finishedTaskId,
  SANDBOX_FIXTURES.errorTaskId,
]);

/** The one message a push-token reset's 202 notice has (LiveStreamResetNotice's enum). */
const RESET_NOTICE = () =>
  stringsOf(
    objectOf(
      objectOf(
        objectOf(loadDocument().resolve({ $ref: "#/components/schemas/LiveStreamResetNotice" })).properties,
      ).message,
    ).enum,
  )[0];

/** The task kinds the spec knows (TaskType's enum). */
const TASK_TYPES = () =>
  stringsOf(objectOf(loadDocument().resolve({ $ref: "#/components/schemas/TaskType" })).enum);

/**
 * A call answered as the sandbox answers it but applied in another tenant, so that the caller's world never
 * changes; a call with no key or an unknown one goes through, and is refused as it should be.
 */
const appliedElsewhere: SeededBug["apply"] = async (call) => {
  const key = keyOf(call.headers);
  // Only an unbound key: a scoped one is still refused where it should be.
  if (key !== undefined && call.keys.isKnown(key) && call.keys.unboundOf(key) === undefined) {
    call.headers.set("authorization", `apikey ${await call.elsewhereKey()}`);
  }
  return call.forward();
};

/** An auth bug: the request's Authorization replaced by an unbound key the layer has seen work. */
const authorizeWith = (call: BugCall, key: string | undefined) => {
  if (key !== undefined) call.headers.set("authorization", `apikey ${key}`);
};
const noKeyAccepted = rewriteRequest((call) => {
  if (!call.headers.has("authorization")) authorizeWith(call, call.keys.lastUnbound());
});
const wrongKeyAccepted = rewriteRequest((call) => {
  const key = keyOf(call.headers);
  if (key !== undefined && !call.keys.isKnown(key)) authorizeWith(call, call.keys.lastUnbound());
});
const outOfScopeAccepted = rewriteRequest((call) => {
  const key = keyOf(call.headers);
  if (key !== undefined) authorizeWith(call, call.keys.unboundOf(key));
});

/** The body's field changed before it is forwarded, when `when` holds for the body. */
const fixBody = (when: (body: Json) => boolean, change: (body: Json) => void) =>
  rewriteRequest((call) => {
    if (isObject(call.body) && when(call.body)) change(call.body);
  });

/** The user tags of the group now, read by a call without a body (which changes nothing). */
async function userTagsOf(call: BugCall): Promise<string[]> {
  const body = call.body;
  call.body = undefined;
  const answer = await call.forward();
  call.body = body;
  return objectsOf(objectOf(answer.body).tags_v2)
    .filter((t) => t.read_only !== true)
    .map((t) => String(t.key));
}

/** Sends another request in the call's name (its key), then puts the call back as it was. */
async function forwardTo(call: BugCall, method: string, path: string, body: unknown): Promise<BugAnswer> {
  const sent = { url: call.url, method: call.method, body: call.body };
  call.url = new URL(path, call.url.origin);
  call.method = method;
  call.body = body;
  try {
    return await call.forward();
  } finally {
    Object.assign(call, sent);
  }
}

/** The v1 update's path of the group a v2 update names (the v1 update without a body reads the group). */
const v1GroupPath = (call: BugCall) =>
  call.url.pathname.replace("/cloud/v2/security_groups/", "/cloud/v1/securitygroups/");

/** A rule as the v1 update answers it, given back in a v2 rule set: its null fields left out. */
const asRuleV2 = (rule: Json): Json =>
  Object.fromEntries(
    [
      "direction",
      "ethertype",
      "protocol",
      "port_range_min",
      "port_range_max",
      "remote_ip_prefix",
      "remote_group_id",
      "description",
    ]
      .filter((f) => rule[f] !== null && rule[f] !== undefined)
      .map((f) => [f, rule[f]]),
  );

/** Takes the read-only tags off the group `groupId` wherever the value holds it. */
function dropReadOnlyTags(value: unknown, groupId: string | undefined): void {
  if (Array.isArray(value)) for (const item of value) dropReadOnlyTags(item, groupId);
  else if (isObject(value)) {
    if (value.id === groupId && Array.isArray(value.tags_v2))
      value.tags_v2 = objectsOf(value.tags_v2).filter((t) => t.read_only !== true);
    for (const item of Object.values(value)) dropReadOnlyTags(item, groupId);
  }
}

const SHAPE: SeededBug[] = [
  bug(
    "shape.getTask.state-dropped",
    "a task is answered without its required state",
    rewriteSuccess((b) => {
      delete b.state;
    }),
  ),
  bug(
    "shape.getTask.created-on-not-a-date",
    "a task's created_on is not a date-time",
    rewriteSuccess((b) => {
      b.created_on = "yesterday";
    }),
  ),
  bug(
    "shape.listActiveTasks.count-as-string",
    "the active tasks' count is a string",
    rewriteSuccess((b) => {
      b.count = String(b.count);
    }),
  ),
  bug(
    "shape.listActiveTasks.state-null",
    "a listed task's state is null, which it may not be",
    rewriteSuccess((b) => each(b, (t) => (t.state = null))),
  ),
  bug(
    "shape.listPlanContents.calc-rule-outside-enum",
    "a plan content's calc_rule_type is outside its enum",
    rewriteSuccess((b) => each(b, (item) => (item.calc_rule_type = "monthly"))),
  ),
  bug(
    "shape.revokeCdnCertificate.ssl-enabled-as-string",
    'the revoked resource\'s sslEnabled is the string "false"',
    rewriteSuccess((b) => {
      b.sslEnabled = "false";
    }),
  ),
  bug(
    "shape.createBareMetalServers.tasks-null",
    "a creation answers tasks: null",
    rewriteSuccess((b) => {
      b.tasks = null;
    }),
  ),
  bug(
    "shape.checkRegistryQuota.limit-as-string",
    "the quota check answers a limit as a string",
    rewriteSuccess((b) => {
      b.registry_storage_limit = "1000";
    }),
  ),
  bug(
    "shape.updateSecurityGroup.name-null",
    "the updated group's name is null",
    rewriteSuccess((b) => {
      b.name = null;
    }),
  ),
  bug(
    "shape.replacePortAllowedAddressPairs.task-id-number",
    "the pairs' change answers its task id as a number",
    rewriteSuccess((b) => {
      b.tasks = [4711];
    }),
  ),
  bug(
    "shape.previewInstancePrice.price-status-outside-enum",
    "price_status is outside its enum",
    rewriteSuccess((b) => {
      b.price_status = "maybe";
    }),
  ),
  bug(
    "shape.addResellerNotificationSetting.id-dropped",
    "the added setting is answered without its id",
    rewriteSuccess((b) => {
      delete b.id;
    }),
  ),
  bug(
    "shape.listResellerNotificationSettings.email-not-an-address",
    "a listed setting's email is not an e-mail address",
    rewriteSuccess((b) => each(b, (s) => (s.email = "not an address"))),
  ),
  bug(
    "shape.resetStreamPushToken.id-as-string",
    "the reset stream's id is a string",
    rewriteSuccess((b) => {
      if ("id" in b) b.id = String(b.id);
    }),
  ),
];

const STATUS: SeededBug[] = [
  bug(
    "status.updateSecurityGroup.other-method-404",
    "a method the group's path does not have is answered 404, without Allow",
    async (call) => {
      if (["PATCH", "HEAD", "OPTIONS"].includes(call.method)) return call.forward();
      return { status: 404, contentType: "application/json", body: { message: "Not found." } };
    },
  ),
  bug(
    "status.resetStreamPushToken.always-202",
    "every reset is answered 202 with the notice, also for a stream off air",
    rewriteStatus(200, (a) => ({
      ...a,
      status: 202,
      body: { message: RESET_NOTICE() },
    })),
  ),
  bug(
    "status.listPlanContents.403-as-text",
    "a refused plan contents list is answered 403 as plain text",
    rewriteStatus(403, (a) => ({ ...a, contentType: "text/plain", body: "forbidden" })),
  ),
  bug(
    "status.getTask.200-as-201",
    "a task is read with 201, which getTask does not document",
    rewriteStatus(200, restatus(201)),
  ),
  bug(
    "status.addResellerNotificationSetting.201-as-200",
    "an added setting is answered 200 instead of 201",
    rewriteStatus(201, restatus(200)),
  ),
  bug(
    "status.listPlanContents.200-as-204",
    "plan contents answered 204 without a body",
    rewriteStatus(200, (a) => ({ ...a, status: 204, body: undefined })),
  ),
  bug(
    "status.previewInstancePrice.200-as-202",
    "a price preview answered 202",
    rewriteStatus(200, restatus(202)),
  ),
  bug(
    "status.replacePortAllowedAddressPairs.200-as-201",
    "the pairs' change answered 201",
    rewriteStatus(200, restatus(201)),
  ),
  bug(
    "status.createBareMetalServers.400-as-500",
    "a creation the sandbox refuses with 400 is answered 500",
    rewriteStatus(400, restatus(500)),
  ),
  bug(
    "status.updateSecurityGroup.400-as-422",
    "a refused group change is answered 422, which is not documented",
    rewriteStatus(400, restatus(422)),
  ),
  bug(
    "status.listActiveTasks.400-in-another-shape",
    "a refused task list has an error body in no cloud shape",
    rewriteStatus(400, otherShape),
  ),
  bug(
    "status.addResellerNotificationSetting.400-in-another-shape",
    "a refused setting has an error body in no IAM shape",
    rewriteStatus(400, otherShape),
  ),
  bug(
    "status.revokeCdnCertificate.400-as-text",
    "a refused revoke is answered as plain text",
    rewriteStatus(400, (a) => ({ ...a, contentType: "text/plain", body: "bad request" })),
  ),
  bug(
    "status.resetStreamPushToken.401-as-400",
    "a reset without a valid key is answered 400 instead of 401",
    rewriteStatus(401, (a) => ({ ...a, status: 400 })),
  ),
  bug(
    "status.checkRegistryQuota.401-in-another-shape",
    "a quota check without a valid key has a 401 body in no cloud shape",
    rewriteStatus(401, otherShape),
  ),
  bug(
    "status.listResellerNotificationSettings.200-as-203",
    "the settings list answered 203",
    rewriteStatus(200, restatus(203)),
  ),
];

const AUTH: SeededBug[] = [
  bug(
    "auth.getTask.out-of-scope",
    "a key bound to another project reads this project's tasks",
    outOfScopeAccepted,
  ),
  bug(
    "auth.listPlanContents.no-key",
    "plan contents are listed without an Authorization header",
    noKeyAccepted,
  ),
  bug("auth.updateSecurityGroup.no-key", "a group is changed without an Authorization header", noKeyAccepted),
  bug("auth.resetStreamPushToken.no-key", "a token is reset without an Authorization header", noKeyAccepted),
  bug("auth.getTask.no-key", "a task is read without an Authorization header", noKeyAccepted),
  bug("auth.createBareMetalServers.wrong-key", "servers are created with an unknown key", wrongKeyAccepted),
  bug(
    "auth.listResellerNotificationSettings.wrong-key",
    "settings are listed with an unknown key",
    wrongKeyAccepted,
  ),
  bug(
    "auth.revokeCdnCertificate.wrong-key",
    "a certificate is revoked with an unknown key",
    wrongKeyAccepted,
  ),
  bug("auth.checkRegistryQuota.wrong-key", "a quota is checked with an unknown key", wrongKeyAccepted),
  bug(
    "auth.listActiveTasks.out-of-scope",
    "a key bound to another project lists this project's tasks",
    outOfScopeAccepted,
  ),
  bug(
    "auth.addResellerNotificationSetting.out-of-scope",
    "a key bound to another reseller adds a setting to this one",
    outOfScopeAccepted,
  ),
  bug(
    "auth.previewInstancePrice.out-of-scope",
    "a key bound to another project previews a price in this one",
    outOfScopeAccepted,
  ),
  bug(
    "auth.listActiveTasks.scheme-case-sensitive",
    "the scheme word is only accepted as `apikey`: `APIKey <key>` is refused",
    async (call) => {
      const scheme = /^(\S+)\s/.exec(call.headers.get("authorization") ?? "")?.[1];
      if (scheme !== undefined && scheme !== "apikey" && scheme.toLowerCase() === "apikey") {
        return { status: 401, contentType: "application/json", body: { message: "Invalid scheme" } };
      }
      return call.forward();
    },
  ),
  bug("auth.getTask.key-in-url-accepted", "a key given as ?apikey= in the URL is accepted", async (call) => {
    const key = call.url.searchParams.get("apikey");
    if (key !== null && !call.headers.has("authorization"))
      call.headers.set("authorization", `apikey ${key}`);
    return call.forward();
  }),
];

const VALIDATION: SeededBug[] = [
  bug(
    "validation.updateSecurityGroup.any-content-type",
    "a JSON body is taken whatever Content-Type it is sent with",
    rewriteRequest((call) => call.headers.set("content-type", "application/json")),
  ),
  bug(
    "validation.listPlanContents.limit-clamped",
    "a limit above 100 is taken as 100 instead of refused",
    rewriteRequest((call) => {
      if (Number(call.url.searchParams.get("limit")) > 100) call.url.searchParams.set("limit", "100");
    }),
  ),
  bug(
    "validation.listActiveTasks.unknown-task-type-dropped",
    "a task_type outside its enum is dropped instead of refused",
    rewriteRequest((call) => {
      const known = TASK_TYPES();
      const kept = call.url.searchParams.getAll("task_type").filter((t) => known.includes(t));
      call.url.searchParams.delete("task_type");
      for (const t of kept) call.url.searchParams.append("task_type", t);
    }),
  ),
  bug(
    "validation.createBareMetalServers.flavor-defaulted",
    "a creation without its required flavor gets a default flavor",
    fixBody(
      (b) => !("flavor" in b),
      (b) => (b.flavor = SANDBOX_FIXTURES.bareMetalFlavor),
    ),
  ),
  bug(
    "validation.addResellerNotificationSetting.type-coerced",
    "a notification_type outside its enum is taken as failed_login",
    fixBody(
      (b) => !["deletion_request", "failed_login"].includes(String(b.notification_type)),
      (b) => (b.notification_type = "failed_login"),
    ),
  ),
  bug(
    "validation.updateSecurityGroup.name-truncated",
    "a group name longer than 63 characters is cut instead of refused",
    fixBody(
      (b) => typeof b.name === "string" && b.name.length > 63,
      (b) => (b.name = String(b.name).slice(0, 63)),
    ),
  ),
  bug(
    "validation.revokeCdnCertificate.any-combination-accepted",
    "a revoke with sslEnabled true or a missing field is taken as the revoke",
    fixBody(
      (b) => b.sslEnabled !== false || b.sslData !== null,
      (b) => {
        b.sslEnabled = false;
        b.sslData = null;
      },
    ),
  ),
  bug(
    "validation.replacePortAllowedAddressPairs.pairs-truncated",
    "more than 10 pairs are cut to the first 10 instead of refused",
    fixBody(
      (b) => Array.isArray(b.allowed_address_pairs) && b.allowed_address_pairs.length > 10,
      (b) => {
        const pairs = b.allowed_address_pairs;
        if (Array.isArray(pairs)) b.allowed_address_pairs = pairs.slice(0, 10);
      },
    ),
  ),
  bug(
    "validation.previewInstancePrice.flavor-defaulted",
    "a price preview without its required flavor gets a default flavor",
    fixBody(
      (b) => !("flavor" in b),
      (b) => (b.flavor = SANDBOX_FIXTURES.vmFlavor),
    ),
  ),
  bug(
    "validation.listResellerNotificationSettings.limit-not-a-number-ignored",
    "a limit that is not a number is ignored instead of refused",
    rewriteRequest((call) => {
      const limit = call.url.searchParams.get("limit");
      if (limit !== null && !/^-?\d+$/.test(limit)) call.url.searchParams.delete("limit");
    }),
  ),
];

const BEHAVIOUR: SeededBug[] = [
  bug(
    "behaviour.getTask.failed-task-finished",
    "a task that failed is answered FINISHED, with no error",
    rewriteSuccess((t) => {
      if (t.state !== "ERROR") return;
      t.state = "FINISHED";
      t.error = null;
    }),
  ),
  bug(
    "behaviour.updateSecurityGroup.not-applied",
    "a group change is answered with the new name but not stored",
    async (call) => {
      const name = objectOf(call.body).name;
      call.body = undefined;
      const answer = await call.forward();
      if (!isSuccess(answer.status) || typeof name !== "string") return answer;
      return { ...answer, body: { ...objectOf(answer.body), name } };
    },
  ),
  bug(
    "behaviour.updateSecurityGroup.merge-replaces",
    "a tags merge patch replaces every user tag instead of merging",
    async (call) => {
      const patch = objectOf(call.body).tags;
      if (isObject(patch)) {
        for (const key of await userTagsOf(call)) if (!(key in patch)) patch[key] = null;
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroup.tags-null-ignored",
    '"tags": null leaves the user tags as they are',
    fixBody(
      (b) => b.tags === null,
      (b) => delete b.tags,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroup.read-only-tags-dropped",
    "a tags change drops the read-only tags from the answer",
    async (call) => {
      const patches = objectOf(call.body).tags !== undefined;
      const answer = await call.forward();
      if (!patches || !isSuccess(answer.status)) return answer;
      const body = objectOf(structuredClone(answer.body));
      body.tags_v2 = objectsOf(body.tags_v2).filter((t) => !t.read_only);
      return { ...answer, body };
    },
  ),
  bug(
    "behaviour.updateSecurityGroup.rule-delete-ignored",
    "changed_rules deletes nothing",
    fixBody(
      (b) => Array.isArray(b.changed_rules),
      (b) => (b.changed_rules = objectsOf(b.changed_rules).filter((r) => r.action !== "delete")),
    ),
  ),
  bug(
    "behaviour.addResellerNotificationSetting.not-applied",
    "an added setting is answered 201 but never stored where the caller can see it",
    appliedElsewhere,
  ),
  bug(
    "behaviour.addResellerNotificationSetting.enabled-ignored",
    "enabled: false is not stored (the setting is enabled)",
    fixBody(
      (b) => b.enabled === false,
      (b) => delete b.enabled,
    ),
  ),
  bug(
    "behaviour.addResellerNotificationSetting.duplicate-accepted",
    "an address added twice for one type (in another letter case) is accepted",
    async (call) => {
      const body = objectOf(call.body);
      const email = String(body.email ?? "");
      if (email !== email.toLowerCase()) body.email = `again.${email.toLowerCase()}`;
      return call.forward();
    },
  ),
  bug(
    "behaviour.listResellerNotificationSettings.ordering-ignored",
    "ordering is ignored (descending orders come ascending)",
    rewriteRequest((call) => call.url.searchParams.delete("ordering")),
  ),
  bug(
    "behaviour.listResellerNotificationSettings.absolute-next",
    "next and previous are absolute URLs",
    rewriteSuccess((b) => {
      for (const field of ["next", "previous"]) {
        if (typeof b[field] === "string") b[field] = `https://api.example.com/iam/${String(b[field])}`;
      }
    }),
  ),
  bug(
    "behaviour.listResellerNotificationSettings.page-ignored",
    "offset is ignored: every page starts at the first setting",
    rewriteRequest((call) => call.url.searchParams.delete("offset")),
  ),
  bug(
    "behaviour.listActiveTasks.filter-ignored",
    "task_type is ignored: tasks of every kind are listed",
    rewriteRequest((call) => call.url.searchParams.delete("task_type")),
  ),
  bug(
    "behaviour.listActiveTasks.page-ignored",
    "offset is ignored: every page starts at the first task",
    rewriteRequest((call) => call.url.searchParams.delete("offset")),
  ),
  bug(
    "behaviour.listActiveTasks.count-lies",
    "count is one more than the active tasks",
    rewriteSuccess((b) => {
      b.count = Number(b.count) + 1;
    }),
  ),
  bug(
    "behaviour.listActiveTasks.task-never-shows-up",
    "a task a call started is never listed among the active tasks",
    rewriteSuccess((b) => {
      const results = objectsOf(b.results);
      const kept = results.filter((t) => SEEDED_TASKS.has(String(t.id)));
      b.count = Number(b.count) - (results.length - kept.length);
      b.results = kept;
    }),
  ),
  bug(
    "behaviour.listActiveTasks.ended-task-listed",
    "the seeded FINISHED task is listed among the active ones",
    async (call) => {
      const answer = await call.forward();
      if (!isSuccess(answer.status)) return answer;
      const url = call.url;
      call.url = new URL(`${url.origin}/cloud/v1/tasks/${SANDBOX_FIXTURES.finishedTaskId}`);
      const method = call.method;
      call.method = "GET";
      const finished = await call.forward();
      call.url = url;
      call.method = method;
      const body = objectOf(structuredClone(answer.body));
      if (isSuccess(finished.status)) {
        body.results = [finished.body, ...objectsOf(body.results)];
        body.count = Number(body.count) + 1;
      }
      return { ...answer, body };
    },
  ),
  bug(
    "behaviour.getTask.never-ends",
    "a task a call started stays RUNNING forever",
    rewriteSuccess((b) => {
      if (SEEDED_TASKS.has(String(b.id))) return;
      b.state = "RUNNING";
      b.finished_on = null;
      b.created_resources = null;
    }),
  ),
  bug(
    "behaviour.getTask.end-time-missing",
    "a task that ended has no finished_on",
    rewriteSuccess((b) => {
      if (b.state === "FINISHED" || b.state === "ERROR") b.finished_on = null;
    }),
  ),
  bug(
    "behaviour.createBareMetalServers.not-applied",
    "a creation answers task ids but starts nothing",
    appliedElsewhere,
  ),
  bug(
    "behaviour.createBareMetalServers.ssh-key-ignored",
    "a creation's ssh_key_name is dropped: the server is built without its key pair",
    fixBody(
      (b) => "ssh_key_name" in b,
      (b) => delete b.ssh_key_name,
    ),
  ),
  bug(
    "behaviour.replacePortAllowedAddressPairs.not-applied",
    "the pairs' change answers task ids but starts nothing",
    appliedElsewhere,
  ),
  bug(
    "behaviour.updateSecurityGroupV2.not-applied",
    "the group's change answers task ids but starts nothing",
    appliedElsewhere,
  ),
  bug(
    "behaviour.updateSecurityGroupV2.description-ignored",
    "the v2 update leaves the group's description as it was",
    fixBody(
      (b) => "description" in b,
      (b) => delete b.description,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.task-for-nothing",
    "a v2 update that changes nothing answers a task id all the same",
    rewriteSuccess((b) => {
      if (Array.isArray(b.tasks) && b.tasks.length === 0) b.tasks = ["0b2b6c9e-5f1a-4c3e-9d7a-2f4e8a1c6b3d"];
    }),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.left-out-rules-kept",
    "a v2 rule set only adds: the group's rules it leaves out are kept",
    async (call) => {
      const rules = objectOf(call.body).rules;
      if (Array.isArray(rules) && rules.length > 0) {
        const group = await forwardTo(call, "PATCH", v1GroupPath(call), undefined);
        rules.push(...objectsOf(objectOf(group.body).security_group_rules).map(asRuleV2));
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroupV2.rule-made-anew",
    "a rule given again in a v2 rule set is removed and made anew, with a new id",
    async (call) => {
      const rules = objectOf(call.body).rules;
      if (Array.isArray(rules) && rules.length > 0) {
        const cleared = await forwardTo(call, "PATCH", call.url.pathname, { rules: [] });
        for (const id of stringsOf(objectOf(cleared.body).tasks))
          await forwardTo(call, "POST", `/__sandbox/tasks/${id}/complete`, { state: "FINISHED" });
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroupV2.empty-rules-ignored",
    "a v2 update with rules: [] leaves the group's rules as they are",
    fixBody(
      (b) => Array.isArray(b.rules) && b.rules.length === 0,
      (b) => delete b.rules,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.rule-note-dropped",
    "the description of a rule in a v2 rule set is not kept",
    fixBody(
      (b) => Array.isArray(b.rules),
      (b) => {
        for (const rule of objectsOf(b.rules)) delete rule.description;
      },
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.open-rule-made-tcp",
    "a rule of a v2 rule set given without a protocol is made a TCP rule",
    fixBody(
      (b) => Array.isArray(b.rules),
      (b) => {
        for (const rule of objectsOf(b.rules)) rule.protocol ??= "tcp";
      },
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.merge-replaces",
    "a v2 tags merge patch replaces every user tag instead of merging",
    async (call) => {
      const patch = objectOf(call.body).tags;
      if (isObject(patch)) {
        const group = await forwardTo(call, "PATCH", v1GroupPath(call), undefined);
        for (const tag of objectsOf(objectOf(group.body).tags_v2)) {
          if (tag.read_only !== true && !(String(tag.key) in patch)) patch[String(tag.key)] = null;
        }
      }
      return call.forward();
    },
  ),
  bug(
    "behaviour.updateSecurityGroupV2.tags-null-ignored",
    '"tags": null in a v2 update leaves the user tags as they are',
    fixBody(
      (b) => b.tags === null,
      (b) => delete b.tags,
    ),
  ),
  bug(
    "behaviour.updateSecurityGroupV2.read-only-tags-dropped",
    "a v2 tags change, once applied, drops the group's read-only tags",
    async (call) => {
      const patches = isObject(call.body) && "tags" in call.body;
      const answer = await call.forward();
      const tasks = stringsOf(objectOf(answer.body).tasks);
      if (!patches || !isSuccess(answer.status) || tasks.length === 0) return answer;
      // Applied now, then the group's read-only tags taken out of the tenant's world through its snapshot.
      for (const id of tasks)
        await forwardTo(call, "POST", `/__sandbox/tasks/${id}/complete`, { state: "FINISHED" });
      const groupId = call.url.pathname.split("/").at(-1);
      const snapshot = structuredClone((await forwardTo(call, "GET", "/__sandbox/snapshot", undefined)).body);
      dropReadOnlyTags(snapshot, groupId);
      await forwardTo(call, "PUT", "/__sandbox/snapshot", snapshot);
      return answer;
    },
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
    "behaviour.resetStreamPushToken.token-unchanged",
    "a reset answers the token of the first reset again",
    rewriteSuccess((b, call) => {
      if (typeof b.token !== "string") return;
      const first = stringOf(call.memory.get("token"));
      if (first === undefined) call.memory.set("token", b.token);
      else return JSON.parse(JSON.stringify(b).replaceAll(b.token, first));
    }),
  ),
  bug(
    "behaviour.resetStreamPushToken.urls-keep-old-token",
    "after a reset the push URLs still carry the token before it",
    rewriteSuccess((b, call) => {
      if (typeof b.token !== "string") return;
      const before = stringOf(call.memory.get("token"));
      call.memory.set("token", b.token);
      if (before === undefined) return;
      const token = b.token;
      const stale: Json = JSON.parse(JSON.stringify(b).replaceAll(token, before));
      stale.token = token;
      return stale;
    }),
  ),
  bug(
    "behaviour.revokeCdnCertificate.not-applied",
    "a revoke is answered with HTTPS still on and the certificate linked",
    rewriteSuccess((b) => {
      if ("sslEnabled" in b) {
        b.sslEnabled = true;
        b.sslData = SANDBOX_FIXTURES.cdnCertificateId;
      }
    }),
  ),
  bug(
    "behaviour.checkRegistryQuota.requested-ignored",
    "the storage requested is answered as 0, whatever was sent",
    rewriteSuccess((b) => {
      if ("registry_storage_requested" in b) b.registry_storage_requested = 0;
    }),
  ),
  bug(
    "behaviour.checkRegistryQuota.check-uses-quota",
    "each check adds the storage it asks for to the usage, as if it created the registry",
    rewriteSuccess((b, call) => {
      const used = Number(call.memory.get("used") ?? 0);
      const asked = Number(objectOf(call.body).storage_limit ?? 0);
      call.memory.set("used", used + asked);
      if (typeof b.registry_storage_usage === "number") b.registry_storage_usage += used;
    }),
  ),
  bug(
    "behaviour.previewInstancePrice.vm-count-lies",
    "vm_count is one more than the instances named",
    rewriteSuccess((b) => {
      if (typeof b.vm_count === "number") b.vm_count += 1;
    }),
  ),
];

export const CATALOGUE: readonly SeededBug[] = [
  ...SHAPE,
  ...STATUS,
  ...AUTH,
  ...VALIDATION,
  ...BEHAVIOUR,
  ...STATEMENT_BUGS,
];

export function seededBug(id: string): SeededBug {
  const found = CATALOGUE.find((b) => b.id === id);
  if (!found) throw new Error(`no seeded bug "${id}" (see src/bugs/catalogue.ts)`);
  return found;
}
