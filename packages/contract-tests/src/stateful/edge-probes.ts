// The probes of the statements that hold across fields, calls and time: fields of one answer that must
// agree, the scope the path names, the edges of a page, all or nothing after a refusal, values kept as
// sent, what every error carries, and what a 503 or 429 means for a retry.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { objectOf, objectsOf, stringOf, stringsOf } from "../json-fields.js";
import { isFinal } from "../task-states.js";
import type { Behaviour } from "./behaviour.js";
import { breaksOf } from "./breaks.js";
import { type Answer, send, type WireRequest } from "./http.js";
import {
  fail,
  fresh,
  isSuccess,
  type Json,
  type Probe,
  resultsOf,
  same,
  sample,
  succeed,
  withBody,
  withQuery,
} from "./probe-kit.js";
import { fillPath } from "./samples.js";
import type { World } from "./world.js";

const isRefusal = (status: number) => status >= 400 && status < 500;

/** The active tasks of the sample's project and region (every one, in one page). */
async function activeTasks(world: World, b: Behaviour): Promise<Json[]> {
  return resultsOf(
    await succeed(world, b, withQuery(await sample(world, "listActiveTasks"), [["limit", "1000"]])),
  );
}

async function readTask(world: World, b: Behaviour, id: string): Promise<Json> {
  const path = fillPath(world.operation("getTask"), { task_id: id });
  return succeed(world, b, { operationId: "getTask", method: "GET", path, query: [] });
}

/** A task's fields agree with its state: no end time while it runs, a reason when it failed. */
function taskDisagrees(task: Json): string | undefined {
  const state = stringOf(task.state);
  if (!isFinal(state) && task.finished_on !== undefined && task.finished_on !== null)
    return `task ${String(task.id)} is ${state} with finished_on ${String(task.finished_on)}`;
  if (state === "ERROR" && !(typeof task.error === "string" && task.error !== ""))
    return `task ${String(task.id)} is ERROR without an error`;
  if (state === "FINISHED" && task.error !== undefined && task.error !== null)
    return `task ${String(task.id)} is FINISHED with error ${JSON.stringify(task.error)}`;
  return undefined;
}

const taskFields: Probe = async (world, b) => {
  const control = world.control;
  await control?.clock.manual();
  const created = stringsOf((await succeed(world, b, await sample(world, "createBareMetalServers"))).tasks);
  const seen: Json[] = [...(await activeTasks(world, b))];
  for (const id of created) seen.push(await readTask(world, b, id));
  if (control && created[0] !== undefined) {
    await control.tasks.complete(created[0], { state: "ERROR", error: "No capacity left." });
    seen.push(await readTask(world, b, created[0]));
    await control.clock.advance(3_600_000);
    for (const id of created.slice(1)) seen.push(await readTask(world, b, id));
  }
  for (const task of seen) {
    const wrong = taskDisagrees(task);
    if (wrong) fail(b, wrong, "getTask");
  }
};

const groupFields: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const group = await succeed(world, b, withBody(base, undefined));
  for (const rule of objectsOf(group.security_group_rules)) {
    if ("security_group_id" in rule && rule.security_group_id !== group.id)
      fail(
        b,
        `group ${String(group.id)} answers rule ${String(rule.id)} of group ${String(rule.security_group_id)}`,
      );
  }
};

/** The answer's fields that name what a path parameter names. */
const SCOPE_FIELDS: Record<string, string> = {
  project_id: "project_id",
  region_id: "region_id",
  resellerId: "reseller",
  group_id: "id",
  stream_id: "id",
  res_id: "id",
  task_id: "id",
};

const pathScope: Probe = async (world, b) => {
  for (const operationId of world.env.models.keys()) {
    const operation = world.operation(operationId);
    if (world.env.readOnly && operation.writes) continue;
    if (world.env.withoutSample.has(operationId)) continue;
    const request = await sample(world, operationId);
    const params = world.env.judge.route(request.method, request.path)?.params ?? {};
    const answer = await world.exchange(request);
    if (answer.status !== 200 && answer.status !== 201) continue;
    const body = objectOf(answer.body);
    const items = Array.isArray(body.results) ? objectsOf(body.results) : [body];
    for (const item of items) {
      for (const [parameter, value] of Object.entries(params)) {
        const field = SCOPE_FIELDS[parameter];
        if (field === undefined || !(field in item)) continue;
        if (String(item[field]) !== String(value))
          fail(
            b,
            `${parameter} ${String(value)} in the path, ${field} ${String(item[field])} in the answer`,
            operationId,
          );
      }
    }
  }
};

/** Makes at least `count` active tasks in the sample's project and region (a sandbox's clock stopped). */
async function enoughTasks(world: World, b: Behaviour, count: number) {
  if (!world.control) return;
  await world.control.clock.manual();
  let active = (await activeTasks(world, b)).length;
  while (active < count) {
    const made = stringsOf((await succeed(world, b, await sample(world, "createBareMetalServers"))).tasks);
    if (made.length === 0) fail(b, "createBareMetalServers started no task");
    active += made.length;
  }
}

const pageEdges: Probe = async (world, b) => {
  if (b.operationId === "listActiveTasks") await enoughTasks(world, b, 12);
  const base = await sample(world, b.operationId);
  const unpaged: WireRequest = {
    ...base,
    query: base.query.filter(([name]) => name !== "limit" && name !== "offset"),
  };
  const first = await succeed(world, b, unpaged);
  const count = Number(first.count);
  const page = resultsOf(first).length;
  const past = await succeed(
    world,
    b,
    withQuery(unpaged, [
      ["offset", String(count)],
      ["limit", "1"],
    ]),
  );
  if (resultsOf(past).length !== 0)
    fail(b, `offset ${count} (the count) answers ${resultsOf(past).length} items`);
  if (count > 0) {
    const last = await succeed(
      world,
      b,
      withQuery(unpaged, [
        ["offset", String(count - 1)],
        ["limit", "1"],
      ]),
    );
    if (resultsOf(last).length !== 1)
      fail(b, `offset ${count - 1} of ${count} answers ${resultsOf(last).length} items`);
    if (typeof last.next === "string") fail(b, `the last page links a next page ${last.next}`);
  }
  const limitParameter = world.operation(b.operationId).parameters.find((p) => p.name === "limit");
  const schema = objectOf(
    limitParameter === undefined ? {} : world.env.judge.model.resolve(limitParameter.schema),
  );
  const maximum = typeof schema.maximum === "number" ? schema.maximum : count;
  if (count > page) {
    const limit = Math.min(count, maximum);
    const all = await succeed(world, b, withQuery(unpaged, [["limit", String(limit)]]));
    if (resultsOf(all).length !== limit)
      fail(
        b,
        `limit ${limit}, above the default page of ${page}, answers ${resultsOf(all).length} of ${count} items`,
      );
  }
};

/** The security group as the probes compare it: name, user tags and rules. */
async function groupNow(world: World, b: Behaviour, base: WireRequest) {
  const body = await succeed(world, b, withBody(base, undefined));
  return {
    name: body.name,
    tags: objectsOf(body.tags_v2)
      .map((t) => `${String(t.key)}=${String(t.value)}`)
      .sort(),
    rules: objectsOf(body.security_group_rules)
      .map((r) => String(r.id))
      .sort(),
  };
}

const RULE_FIELDS = [
  "direction",
  "ethertype",
  "protocol",
  "port_range_min",
  "port_range_max",
  "remote_ip_prefix",
];

const groupAllOrNothing: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const before = await groupNow(world, b, base);
  const rule = objectsOf((await succeed(world, b, withBody(base, undefined))).security_group_rules)[0] ?? {};
  const duplicate = Object.fromEntries(
    RULE_FIELDS.filter((f) => rule[f] !== undefined && rule[f] !== null).map((f) => [f, rule[f]]),
  );
  const refusals: Array<[string, Json]> = [
    [
      "a rule id it does not have",
      { action: "delete", security_group_rule_id: "00000000-0000-4000-8000-000000000000" },
    ],
    ["a rule it already has", { action: "create", ...duplicate }],
    [
      "port_range_min above port_range_max",
      {
        action: "create",
        direction: "ingress",
        ethertype: "IPv4",
        protocol: "tcp",
        port_range_min: 40_000,
        port_range_max: 30_000,
      },
    ],
  ];
  for (const [what, change] of refusals) {
    const answer = await world.exchange(
      withBody(base, {
        name: fresh("refused-"),
        tags: { [fresh("refused_")]: "1" },
        changed_rules: [change],
      }),
    );
    if (!isRefusal(answer.status)) fail(b, `a change naming ${what} → ${answer.status}`);
    const after = await groupNow(world, b, base);
    if (!same(after, before))
      fail(
        b,
        `after a refused change naming ${what} (${answer.status}) the group is ${JSON.stringify(after)}, was ${JSON.stringify(before)}`,
      );
  }
};

async function settingsCount(world: World, b: Behaviour): Promise<number> {
  return Number((await succeed(world, b, await sample(world, "listResellerNotificationSettings"))).count);
}

const settingAllOrNothing: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  await succeed(world, b, base);
  const before = await settingsCount(world, b);
  const body = objectOf(base.body);
  const again = await world.exchange(withBody(base, { ...body, email: String(body.email).toUpperCase() }));
  if (!isRefusal(again.status)) fail(b, `the same type for the same address again → ${again.status}`);
  const after = await settingsCount(world, b);
  if (after !== before) fail(b, `a refused repeat left ${after} settings, there were ${before}`);
};

/** A request the operation refuses, for the task-starting operations. */
const REFUSED_WRITES: Record<string, (body: Json) => Json> = {
  createBareMetalServers: ({ flavor: _, ...rest }) => rest,
  replacePortAllowedAddressPairs: () => ({
    allowed_address_pairs: Array.from({ length: 11 }, (_, i) => ({ ip_address: `192.168.7.${i + 1}` })),
  }),
};

const tasksAllOrNothing: Probe = async (world, b) => {
  const refuse = REFUSED_WRITES[b.operationId];
  if (!refuse) throw new Error(`${b.id} has no refused request`);
  await world.control?.clock.manual();
  const before = (await activeTasks(world, b)).map((t) => String(t.id)).sort();
  const base = await sample(world, b.operationId);
  const answer = await world.exchange(withBody(base, refuse(objectOf(base.body))));
  if (!isRefusal(answer.status)) fail(b, `a request it must refuse → ${answer.status}`);
  const after = (await activeTasks(world, b)).map((t) => String(t.id)).sort();
  if (!same(after, before))
    fail(b, `after the refusal (${answer.status}) ${after.length - before.length} more tasks are active`);
};

/** Letters a careless store changes: upper case, a decomposed accent, characters beyond the BMP. */
const KEPT_TEXT = "Zu\u0308rich – 東京 ☃ 𝄞";

const tagsKept: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const key = fresh("CostCenter_");
  const name = fresh("Web-Servers-");
  try {
    const answered = await succeed(world, b, withBody(base, { name, tags: { [key]: KEPT_TEXT } }));
    for (const [when, body] of [
      ["answered", answered],
      ["read again", await succeed(world, b, withBody(base, undefined))],
    ] as const) {
      const tag = objectsOf(body.tags_v2).find((t) => String(t.key).toLowerCase() === key.toLowerCase());
      if (tag?.key !== key || tag.value !== KEPT_TEXT)
        fail(b, `tag ${key}=${JSON.stringify(KEPT_TEXT)} ${when} as ${JSON.stringify(tag ?? null)}`);
      if (body.name !== name) fail(b, `name ${JSON.stringify(name)} ${when} as ${JSON.stringify(body.name)}`);
    }
  } finally {
    const last = world.last;
    await world.exchange(withBody(base, { tags: { [key]: null } })).catch(() => undefined);
    world.last = last;
  }
};

/** 2^53 + 1: the first integer a double cannot hold. */
const BEYOND_DOUBLE = "9007199254740993";

const digitsKept: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const answer = await world.exchange({
    ...withBody(base, undefined),
    rawBody: `{"storage_limit": ${BEYOND_DOUBLE}}`,
  });
  if (!isSuccess(answer.status)) fail(b, `storage_limit ${BEYOND_DOUBLE} → ${answer.status}`);
  const requested = /"registry_storage_requested"\s*:\s*(-?[0-9.eE+-]+)/.exec(answer.text)?.[1];
  if (requested !== undefined && requested !== BEYOND_DOUBLE)
    fail(b, `storage_limit ${BEYOND_DOUBLE} answered as registry_storage_requested ${requested}`);
};

const emailKept: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const email = `Mixed.Case+${fresh("")}@Example.COM`;
  const stored = await succeed(world, b, withBody(base, { ...objectOf(base.body), email }));
  if (stored.email !== email) fail(b, `sent ${email}, stored ${String(stored.email)}`);
};

/** Hosts, ports and file paths an error must not show. */
const INTERNALS =
  /(https?:\/\/|\blocalhost\b|\b\d{1,3}(\.\d{1,3}){3}\b|\.[a-z]{2,}:\d{2,5}\b|\/(srv|home|usr|var|opt|app|tmp|work)\/|node_modules|\.(js|ts|py|go|java):\d+)/i;

type ErrorRequest = [what: string, request: WireRequest, credentials: "key" | "missing"];

/** A value of the parameter's type that names nothing, and one that breaks its type (integers only). */
function unknownValue(world: World, schema: unknown): { unknown: unknown; broken?: string } {
  const type = objectOf(world.env.judge.model.resolve(schema)).type;
  return type === "integer"
    ? { unknown: 987_654_321, broken: "not-a-number" }
    : { unknown: "00000000-0000-4000-8000-00000000dead" };
}

/**
 * The errors every operation can be made to answer by a request alone: no key, an unknown id in the path
 * (the resource's, else the region's), a path id of the wrong type, a broken body or query, malformed JSON.
 */
async function errorRequests(world: World, operationId: string): Promise<ErrorRequest[]> {
  const request = await sample(world, operationId);
  const operation = world.operation(operationId);
  const out: ErrorRequest[] = [["no key", request, "missing"]];
  const params = world.env.judge.route(request.method, request.path)?.params ?? {};
  const ids = operation.parameters.filter((p) => p.in === "path");
  const named =
    ids.find((p) => p.name !== "project_id" && p.name !== "region_id") ??
    ids.find((p) => p.name === "region_id");
  if (named) {
    const { unknown, broken } = unknownValue(world, named.schema);
    const at = (value: unknown) => ({
      ...request,
      path: fillPath(operation, { ...params, [named.name]: value }),
    });
    out.push([`an unknown ${named.name}`, at(unknown), "key"]);
    if (broken !== undefined) out.push([`${named.name} ${broken}`, at(broken), "key"]);
  }
  const breakLabel = world.env.breakLabels.get(operationId)?.[0];
  const model = world.env.models.get(operationId);
  const broken =
    breakLabel === undefined || !model
      ? undefined
      : breaksOf(world.env.judge, model, request).find((x) => x.label === breakLabel);
  if (broken) out.push([breakLabel ?? "", broken.apply(request), "key"]);
  if (operation.requestBody !== undefined)
    out.push(["malformed JSON", { ...withBody(request, undefined), rawBody: "{" }, "key"]);
  return out;
}

const errorBodies: Probe = async (world, b) => {
  for (const operationId of world.env.models.keys()) {
    if (world.env.readOnly && world.operation(operationId).writes) continue;
    for (const [what, request, credentials] of await errorRequests(world, operationId)) {
      const answer = await world.exchange(request, credentials);
      if (answer.status < 400) continue;
      const shown = INTERNALS.exec(answer.text)?.[0];
      if (shown !== undefined)
        fail(b, `${what} → ${answer.status} shows ${shown}: ${answer.text.slice(0, 200)}`, operationId);
      if (!answer.headers.get("x-request-id"))
        fail(b, `${what} → ${answer.status} without X-Request-Id`, operationId);
    }
  }
};

/** Arms a `status` fault on the next call of the operation (a sandbox only). */
async function armFault(world: World, operationId: string, status: number): Promise<boolean> {
  if (!world.control) return false;
  await world.control.faults.add({ operation_id: operationId, kind: "status", status, retry_after_s: 1 });
  return true;
}

const retryAfter: Probe = async (world, b) => {
  for (const operationId of world.env.models.keys()) {
    for (const status of [429, 503]) {
      if (!(await armFault(world, operationId, status))) return;
      const answer: Answer = await world.exchange(await sample(world, operationId), "key", {
        serverError: true,
      });
      if (answer.status !== status)
        fail(b, `a ${status} fault armed, answered ${answer.status}`, operationId);
      if (!answer.headers.get("retry-after")) fail(b, `${status} without Retry-After`, operationId);
    }
  }
};

/** What a write leaves behind that can be counted: active tasks, or a reseller's settings. */
const countAfterWrite = async (world: World, b: Behaviour): Promise<number> =>
  b.operationId === "addResellerNotificationSetting"
    ? settingsCount(world, b)
    : (await activeTasks(world, b)).length;

const retriedOnce: Probe = async (world, b) => {
  if (!world.control) return;
  await world.control.clock.manual();
  const request = await sample(world, b.operationId);
  const before = await countAfterWrite(world, b);
  await armFault(world, b.operationId, 503);
  const refused = await world.exchange(request, "key", { serverError: true });
  if (refused.status !== 503) fail(b, `a 503 fault armed, answered ${refused.status}`);
  const done = await succeed(world, b, request);
  const made = Array.isArray(done.tasks) ? done.tasks.length : 1;
  const after = await countAfterWrite(world, b);
  if (after !== before + made)
    fail(b, `sent again after a 503 with Retry-After, the write shows ${after - before} times, not once`);
};

/** A reset of a stream off air answers 200 with the stream; of one live on its backup server, 202 with a notice. */
const resetAnswers: Probe = async (world, b) => {
  const request = await sample(world, b.operationId);
  const offAir = await world.exchange(request);
  if (offAir.status !== 200) fail(b, `a reset of the stream off air → ${offAir.status}`);
  if (!world.control) return;
  const operation = world.operation(b.operationId);
  const path = fillPath(operation, { stream_id: SANDBOX_FIXTURES.backupLiveStreamId });
  const live = await world.exchange({ ...request, path });
  if (live.status !== 202) fail(b, `a reset of the stream live on its backup server → ${live.status}`);
};

/**
 * The documented statuses the sandbox answers only when a fault is armed, and why no request reaches them:
 * every other documented status of every operation some request reaches (coverage of `stateful`).
 */
export const FAULT_ONLY_STATUSES: ReadonlyArray<{ operationId: string; status: number; why: string }> = [
  {
    operationId: "getTask",
    status: 400,
    why: "its only input is the task id, and any string is one: no request breaks a schema",
  },
  {
    operationId: "listPlanContents",
    status: 403,
    why: "keys are bound to projects or resellers; plan contents belong to neither, so no key is refused them",
  },
  {
    operationId: "revokeCdnCertificate",
    status: 403,
    why: "keys are bound to projects or resellers; a CDN resource belongs to neither, so no key is refused it",
  },
  {
    operationId: "createBareMetalServers",
    status: 409,
    why: "the spec names no state a creation conflicts with",
  },
  {
    operationId: "replacePortAllowedAddressPairs",
    status: 409,
    why: "the spec names no state a change of the pairs conflicts with",
  },
  {
    operationId: "updateSecurityGroupV2",
    status: 409,
    why: "the rules sent are the whole set and a rule given again is kept, so the spec names no state the update conflicts with",
  },
];

const faultOnlyStatuses: Probe = async (world, b) => {
  for (const { operationId, status } of FAULT_ONLY_STATUSES) {
    if (world.env.readOnly && world.operation(operationId).writes) continue;
    if (!(await armFault(world, operationId, status))) return;
    const answer = await world.exchange(await sample(world, operationId), "key", { serverError: true });
    if (answer.status !== status) fail(b, `a ${status} fault armed, answered ${answer.status}`, operationId);
  }
};

/** A creation of a flavor that does not exist is taken, and its task ends in ERROR, with why and nothing made. */
const unknownFlavorFails: Probe = async (world, b) => {
  const control = world.control;
  if (!control) return;
  await control.clock.manual();
  const base = await sample(world, "createBareMetalServers");
  const created = await succeed(
    world,
    b,
    withBody(base, { ...objectOf(base.body), flavor: "bm-no-such-flavor" }),
  );
  await control.clock.advance(3_600_000);
  for (const id of stringsOf(created.tasks)) {
    const task = await readTask(world, b, id);
    const made = Object.values(objectOf(task.created_resources)).some(
      (v) => Array.isArray(v) && v.length > 0,
    );
    if (task.state !== "ERROR" || typeof task.error !== "string" || made)
      fail(
        b,
        `the task of an unknown flavor is ${String(task.state)} (error ${JSON.stringify(task.error)}, created ${JSON.stringify(task.created_resources)})`,
      );
  }
};

/** A body that is not JSON, or JSON sent as another content type, is refused with 400 by every operation that takes one. */
const bodyRefused: Probe = async (world, b) => {
  for (const operationId of world.env.models.keys()) {
    const operation = world.operation(operationId);
    if (operation.requestBody === undefined || (world.env.readOnly && operation.writes)) continue;
    const request = await sample(world, operationId);
    const sent = request.body === undefined ? "{}" : JSON.stringify(request.body);
    for (const [what, broken] of [
      ["malformed JSON", { ...withBody(request, undefined), rawBody: sent.slice(0, -1) }],
      [
        "JSON sent as text/plain",
        { ...withBody(request, undefined), rawBody: sent, contentType: "text/plain" },
      ],
    ] as const) {
      const answer = await world.exchange(broken);
      if (answer.status !== 400) fail(b, `${what} → ${answer.status}`, operationId);
    }
  }
};

/** Methods HTTP gives every path: HEAD as GET without a body, OPTIONS with Allow, 405 with Allow for the others. */
const methods: Probe = async (world, b) => {
  // A method the spec does not list is sent to a sandbox only: a real path may have it.
  if (!world.control) return;
  const byPath = new Map<string, string[]>();
  for (const operationId of world.env.models.keys()) {
    const { path } = world.operation(operationId);
    byPath.set(path, [...(byPath.get(path) ?? []), operationId]);
  }
  for (const operationIds of byPath.values()) {
    const [first] = operationIds;
    if (first === undefined) continue;
    const request = withBody(await sample(world, first), undefined);
    const own = operationIds.map((id) => world.operation(id).method.toUpperCase());
    const allowed = [...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    const on = (method: string) => send(world.target, { ...request, method, query: [] });
    const options = await on("OPTIONS");
    const listed = (options.headers.get("allow") ?? "").split(/\s*,\s*/);
    if (options.status !== 204 || allowed.some((m) => !listed.includes(m)))
      fail(b, `OPTIONS ${request.path} → ${options.status}, Allow: ${listed.join(", ")}`, first);
    const missing = ["DELETE", "PUT", "PATCH", "POST", "GET"].find((m) => !own.includes(m)) ?? "DELETE";
    const refused = await on(missing);
    if (refused.status !== 405 || !refused.headers.get("allow"))
      fail(
        b,
        `${missing} ${request.path} → ${refused.status}, Allow: ${refused.headers.get("allow")}`,
        first,
      );
    const get = operationIds.find((id) => world.operation(id).method.toUpperCase() === "GET");
    if (get !== undefined) {
      const head = await send(world.target, { ...(await sample(world, get)), method: "HEAD" });
      const answer = await send(world.target, await sample(world, get));
      if (head.status !== answer.status || head.text !== "")
        fail(
          b,
          `HEAD ${request.path} → ${head.status} with ${head.text.length} bytes, GET → ${answer.status}`,
          get,
        );
    }
  }
};

export const EDGE_PROBES = {
  "task-fields": taskFields,
  "group-fields": groupFields,
  "path-scope": pathScope,
  "page-edges": pageEdges,
  "group-all-or-nothing": groupAllOrNothing,
  "setting-all-or-nothing": settingAllOrNothing,
  "tasks-all-or-nothing": tasksAllOrNothing,
  "tags-kept": tagsKept,
  "digits-kept": digitsKept,
  "email-kept": emailKept,
  "error-bodies": errorBodies,
  "retry-after": retryAfter,
  "retried-once": retriedOnce,
  "reset-answers": resetAnswers,
  "fault-only-statuses": faultOnlyStatuses,
  "unknown-flavor-fails": unknownFlavorFails,
  "body-refused": bodyRefused,
  methods,
} satisfies Record<string, Probe>;
