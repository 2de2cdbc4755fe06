// The probes that hold the spec's behavioural statements (behaviours.ts): each sends a few requests on
// the sequence's world and throws a CheckFailure, under the statement's check, when the answers break the
// statement. A probe may run the other steps of a sequence (a call, a followed link, the pages of a list).
import type { ScopedKey } from "@cloud-contract/mock";
import { isObject, objectOf, stringOf, stringsOf } from "../json-fields.js";
import { isFinal } from "../task-states.js";
import type { Behaviour, ProbeName } from "./behaviour.js";
import { CheckFailure } from "./checks.js";
import { EDGE_PROBES } from "./edge-probes.js";
import { type Group, groupOf, restoreGroup } from "./group-state.js";
import type { Answer, WireRequest } from "./http.js";
import {
  fail,
  fresh,
  isSuccess,
  type Json,
  type Probe,
  type ProbeTable,
  resultsOf,
  same,
  sample,
  succeed,
  TASK_END_MS,
  withBody,
  withQuery,
} from "./probe-kit.js";
import { fillPath } from "./samples.js";
import { SECURITY_GROUP_V2_PROBES } from "./security-group-v2-probes.js";
import { taskData } from "./task-data-probe.js";
import type { World } from "./world.js";

export type { ProbeSteps } from "./probe-kit.js";

/** Links followed at most by one probe (a followed link hands out more). */
const MAX_FOLLOWED = 12;

/** The values at a path of fields; a `[]` step takes every item of a list (`regions`, `[]`, `id`). */
const valuesAt = (value: unknown, path: readonly string[]): unknown[] =>
  path.reduce<unknown[]>(
    (values, key) =>
      values.flatMap((v) => (key === "[]" ? (Array.isArray(v) ? v : []) : isObject(v) ? [v[key]] : [])),
    [value],
  );

const isScalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

const linksFollowed: Probe = async (world, b, steps) => {
  // On a sandbox the tenant's clock stands still: a task does not end (and leave its lists) midway.
  await world.control?.clock.manual();
  await steps.call(b.from ?? b.operationId);
  for (let link = 0; link < world.links.length && link < MAX_FOLLOWED; link++) await steps.follow(link);
  if (world.links.length === 0) fail(b, `${b.from ?? b.operationId} handed out no link to follow`);
};

const tasksEnd: Probe = async (world, b) => {
  const control = world.control;
  // Without a sandbox's clock a task ends when the real one says; a sequence does not wait for it.
  if (!control) return;
  await control.clock.manual();
  const from = b.from ?? "createBareMetalServers";
  const created = await succeed(world, b, await sample(world, from));
  const ids = stringsOf(created.tasks);
  if (ids.length === 0) fail(b, `${from} answered no task`);
  await control.clock.advance(TASK_END_MS);
  const getTask = world.operation("getTask");
  for (const id of ids) {
    for (let read = 0; read < 2; read++) {
      const task = await succeed(world, b, {
        operationId: "getTask",
        method: "GET",
        path: fillPath(getTask, { task_id: id }),
        query: [],
      });
      if (!isFinal(stringOf(task.state)))
        fail(b, `task ${id} is still ${String(task.state)} an hour after it began`);
      const made = Object.values(objectOf(task.created_resources)).some(
        (v) => Array.isArray(v) && v.length > 0,
      );
      if (task.state === "FINISHED" && task.task_type === "create_bm" && !made) {
        fail(b, `task ${id} FINISHED without created_resources`);
      }
    }
  }
};

const onlyActive: Probe = async (world, b) => {
  const body = await succeed(world, b, withQuery(await sample(world, b.operationId), [["limit", "100"]]));
  for (const task of resultsOf(body)) {
    if (isFinal(stringOf(task.state)))
      fail(b, `lists task ${String(task.id)}, which is ${String(task.state)}`);
  }
};

const filterHolds: Probe = async (world, b) => {
  const filter = b.filter;
  if (!filter) throw new Error(`${b.id} names no filter`);
  const request = withQuery(await sample(world, b.operationId), [["limit", "100"]]);
  const all = resultsOf(await succeed(world, b, request));
  const found = all.flatMap((item) => valuesAt(item, filter.field)).find(isScalar);
  if (found === undefined) return;
  // A text filter gets the middle of a value in upper case: it must still match that item.
  const text = String(found);
  const value = filter.part && text.length >= 3 ? text.slice(1, -1).toUpperCase() : text;
  const matches = (item: Json) =>
    [...valuesAt(item, filter.field), ...(filter.orField ? valuesAt(item, filter.orField) : [])].some((v) =>
      filter.part ? String(v).toLowerCase().includes(value.toLowerCase()) : String(v) === value,
    );
  const filtered = resultsOf(await succeed(world, b, withQuery(request, [[filter.parameter, value]])));
  if (filtered.length === 0) fail(b, `${filter.parameter}=${value} lists nothing, yet an item has ${text}`);
  const other = filtered.find((item) => !matches(item));
  if (other) {
    fail(
      b,
      `${filter.parameter}=${value} lists an item with ${filter.field.join(".")} ${JSON.stringify(valuesAt(other, filter.field))}`,
    );
  }
};

const pages: Probe = (_world, b, steps) => steps.pages(b.operationId);

/**
 * Runs a probe on the sample's security group and then puts its name and user tags back as they were,
 * whether the probe passed or not (on a real group too). The exchange a failure was about stays the last.
 */
const onGroup =
  (probe: (world: World, b: Behaviour, base: WireRequest, before: Group) => Promise<void>): Probe =>
  async (world, b) => {
    const base = await sample(world, b.operationId);
    const before = groupOf(await succeed(world, b, withBody(base, undefined)));
    try {
      await probe(world, b, base, before);
    } finally {
      const last = world.last;
      await restoreGroup(world, base, before).catch(() => undefined);
      world.last = last;
    }
  };

const changePersists = onGroup(async (world, b, base) => {
  const name = fresh("probe-");
  const after = groupOf(await succeed(world, b, withBody(base, { name })));
  if (after.name !== name) fail(b, `renamed to ${name}, answered ${String(after.name)}`);
  const later = groupOf(await succeed(world, b, withBody(base, undefined)));
  if (!same(later, after)) {
    fail(
      b,
      `a call without a body then shows ${JSON.stringify(later)}, not the group the change answered ${JSON.stringify(after)}`,
    );
  }
});

const rulesApplied: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const before = groupOf(await succeed(world, b, withBody(base, undefined))).rules;
  const port = 20_000 + Math.floor(Math.random() * 40_000);
  const rule = {
    action: "create",
    direction: "ingress",
    ethertype: "IPv4",
    protocol: "tcp",
    port_range_min: port,
    port_range_max: port,
  };
  const created = groupOf(await succeed(world, b, withBody(base, { changed_rules: [rule] }))).rules;
  const added = created.filter((id) => !before.includes(id));
  if (added.length !== 1 || before.some((id) => !created.includes(id))) {
    fail(b, `creating one rule left rules ${JSON.stringify(created)} (before: ${JSON.stringify(before)})`);
  }
  const deleted = groupOf(
    await succeed(
      world,
      b,
      withBody(base, { changed_rules: [{ action: "delete", security_group_rule_id: added[0] }] }),
    ),
  ).rules;
  if (!same(deleted, before))
    fail(
      b,
      `deleting rule ${added[0]} left rules ${JSON.stringify(deleted)} (before: ${JSON.stringify(before)})`,
    );
};

const tagsMerge = onGroup(async (world, b, base) => {
  const [x, y, z] = [fresh("probe_a_"), fresh("probe_b_"), fresh("probe_c_")];
  const first = groupOf(await succeed(world, b, withBody(base, { tags: { [x]: "1", [y]: "2" } })));
  if (first.user[x] !== "1" || first.user[y] !== "2")
    fail(b, `setting ${x} and ${y} left user tags ${JSON.stringify(first.user)}`);
  const second = groupOf(await succeed(world, b, withBody(base, { tags: { [y]: null, [z]: "3" } })));
  const expected: Record<string, string> = { ...first.user, [z]: "3" };
  delete expected[y];
  if (!same(Object.entries(second.user).sort(), Object.entries(expected).sort())) {
    fail(
      b,
      `patching {${y}: null, ${z}: "3"} onto ${JSON.stringify(first.user)} left ${JSON.stringify(second.user)}`,
    );
  }
  if (!same(second.readOnly, first.readOnly))
    fail(b, `read-only tags went from ${first.readOnly} to ${second.readOnly}`);
});

const tagsNull = onGroup(async (world, b, base, before) => {
  await succeed(world, b, withBody(base, { tags: { [fresh("probe_")]: "1" } }));
  const after = groupOf(await succeed(world, b, withBody(base, { tags: null })));
  if (Object.keys(after.user).length > 0)
    fail(b, `"tags": null left user tags ${JSON.stringify(after.user)}`);
  if (!same(after.readOnly, before.readOnly)) {
    fail(
      b,
      `read-only tags went from ${JSON.stringify(before.readOnly)} to ${JSON.stringify(after.readOnly)}`,
    );
  }
});

const settingStored: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  const sent: Json = { ...objectOf(base.body), enabled: false };
  const stored = await succeed(world, b, withBody(base, sent));
  for (const field of ["notification_type", "enabled"] as const) {
    if (stored[field] !== sent[field])
      fail(b, `sent ${field} ${JSON.stringify(sent[field])}, stored ${JSON.stringify(stored[field])}`);
  }
  if (String(stored.email).toLowerCase() !== String(sent.email).toLowerCase())
    fail(b, `sent ${String(sent.email)}, stored ${String(stored.email)}`);
};

const duplicateRefused: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  await succeed(world, b, base);
  const body = objectOf(base.body);
  const again = await world.exchange(withBody(base, { ...body, email: String(body.email).toUpperCase() }));
  if (again.status < 400 || again.status >= 500)
    fail(b, `the same type for ${String(body.email).toUpperCase()} again → ${again.status}`);
};

/** The body each `refused` statement breaks: the rule it is about, which no schema can say. */
const REFUSED_BODIES: Record<string, Json> = {
  "cdn.only-the-revoke": { sslEnabled: true },
};

const refused: Probe = async (world, b) => {
  const change = REFUSED_BODIES[b.id];
  if (!change) throw new Error(`${b.id} has no body to refuse`);
  const base = await sample(world, b.operationId);
  const answer = await world.exchange(withBody(base, { ...objectOf(base.body), ...change }));
  if (answer.status < 400 || answer.status >= 500) fail(b, `${JSON.stringify(change)} → ${answer.status}`);
};

const orderingHolds: Probe = async (world, b) => {
  const base = withQuery(await sample(world, b.operationId), [["limit", "100"]]);
  for (const [ordering, sign] of [
    ["id", 1],
    ["-id", -1],
  ] as const) {
    const ids = resultsOf(await succeed(world, b, withQuery(base, [["ordering", ordering]]))).map((r) =>
      Number(r.id),
    );
    // Each id against the one before it (ids.slice(1)[i] follows ids[i]).
    if (ids.slice(1).some((id, i) => (id - (ids[i] ?? id)) * sign < 0))
      fail(b, `ordering=${ordering} gave ids ${ids.join(",")}`);
  }
};

const relativeLinks: Probe = async (world, b) => {
  const base = await sample(world, b.operationId);
  for (const offset of ["0", "1"]) {
    const body = await succeed(
      world,
      b,
      withQuery(base, [
        ["limit", "1"],
        ["offset", offset],
      ]),
    );
    for (const field of ["next", "previous"]) {
      const link = body[field];
      if (typeof link === "string" && /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(link))
        fail(b, `${field} is ${link}, not a relative URL`);
    }
  }
};

const pushUrls = (value: unknown, key = ""): string[] => {
  if (typeof value === "string") return key.includes("push_url") ? [value] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => pushUrls(v, Array.isArray(value) ? key : k));
};

const tokenChanges: Probe = async (world, b) => {
  const request = await sample(world, b.operationId);
  const tokens: string[] = [];
  for (let reset = 0; reset < 2; reset++) {
    const answer: Answer = await world.exchange(request);
    if (answer.status === 202) continue;
    if (answer.status !== 200) fail(b, `a reset → ${answer.status}`);
    const body = objectOf(answer.body);
    const token = String(body.token);
    const urls = pushUrls(body);
    const stale = urls.find((url) => !url.includes(token) || tokens.some((old) => url.includes(old)));
    if (stale) fail(b, `after the reset to ${token}, a push URL is ${stale}`);
    if (tokens.includes(token)) fail(b, `a second reset answered the same token ${token}`);
    tokens.push(token);
  }
};

const revokeApplied: Probe = async (world, b) => {
  const body = await succeed(world, b, await sample(world, b.operationId));
  if ("sslEnabled" in body && body.sslEnabled !== false)
    fail(b, `after the revoke sslEnabled is ${String(body.sslEnabled)}`);
  if ("sslData" in body && body.sslData !== null)
    fail(b, `after the revoke sslData is ${String(body.sslData)}`);
};

const quotaFields: Probe = async (world, b) => {
  const storage = 2 ** 40;
  const request = withBody(await sample(world, b.operationId), { storage_limit: storage });
  const first = await succeed(world, b, request);
  if ("registry_storage_requested" in first && first.registry_storage_requested !== storage) {
    fail(b, `registry_storage_requested is ${String(first.registry_storage_requested)}, ${storage} was sent`);
  }
  for (const key of Object.keys(first).filter((k) => k.endsWith("_limit"))) {
    const quota = key.slice(0, -"_limit".length);
    if (!(`${quota}_usage` in first) || !(`${quota}_requested` in first))
      fail(b, `${key} without ${quota}_usage and ${quota}_requested`);
  }
  const second = await succeed(world, b, request);
  if (!same(second, first))
    fail(b, `the same check again answered ${JSON.stringify(second)}, first ${JSON.stringify(first)}`);
};

const vmCount: Probe = async (world, b) => {
  const request = await sample(world, b.operationId);
  const names = objectOf(request.body).names;
  const body = await succeed(world, b, request);
  if (Array.isArray(names) && typeof body.vm_count === "number" && body.vm_count !== names.length) {
    fail(b, `${names.length} names priced as vm_count ${body.vm_count}`);
  }
};

const auth: Probe = async (world, _b, steps) => {
  for (const operationId of world.env.models.keys()) {
    if (world.env.readOnly && world.operation(operationId).writes) continue;
    await steps.auth(operationId, "missing");
    await steps.auth(operationId, "wrong");
  }
};

const schemeCase: Probe = async (world, b) => {
  const request = await sample(world, b.operationId);
  for (const scheme of ["APIKey", "ApiKey"]) {
    const answer = await world.exchange(request, { authorization: `${scheme} ${world.target.apiKey}` });
    if (!isSuccess(answer.status)) fail(b, `the ${scheme} scheme with the key → ${answer.status}`);
  }
};

const keyNotInUrl: Probe = async (world, b) => {
  // A real key in a URL ends up in the logs it passes: only a sandbox tenant's key is ever sent so.
  if (!world.control) return;
  const request = withQuery(await sample(world, b.operationId), [["apikey", world.target.apiKey]]);
  const answer = await world.exchange(request, "missing");
  if (answer.status !== 401 && answer.status !== 403)
    fail(b, `the key in the query and no header → ${answer.status}`);
};

const scope: Probe = async (world, b) => {
  for (const operationId of world.env.models.keys()) {
    const operation = world.operation(operationId);
    if (world.env.readOnly && operation.writes) continue;
    const request = await sample(world, operationId);
    const params = world.env.judge.route(request.method, request.path)?.params ?? {};
    for (const parameter of operation.parameters.filter((p) => p.in === "path" && p.tenantScope)) {
      const kind = parameter.tenantScope;
      const value = Number(params[parameter.name]);
      const boundTo = (k: ScopedKey) =>
        kind === "projects" ? k.projects : kind === "resellers" ? k.resellers : undefined;
      const key = world.scopedKeys.find((k) => {
        const ids = boundTo(k);
        return ids !== undefined && !ids.includes(value);
      });
      if (!key) continue;
      const answer = await world.exchange(request, { authorization: `apikey ${key.api_key}` });
      if (answer.status !== 401 && answer.status !== 403) {
        throw new CheckFailure(
          b.check,
          operationId,
          `(${b.id}) a key bound to other ${kind} → ${answer.status}`,
        );
      }
    }
  }
};

/** A task of the sample's project read with a key bound to other projects: refused (401 or 403). */
const scopeOfResource: Probe = async (world, b) => {
  const key = world.scopedKeys.find(
    (k) => k.projects !== undefined && !k.projects.includes(Number(world.ctx.ids.projectId)),
  );
  if (!key) return;
  const created = stringsOf((await succeed(world, b, await sample(world, "createBareMetalServers"))).tasks);
  for (const id of created) {
    const path = fillPath(world.operation("getTask"), { task_id: id });
    const answer = await world.exchange(
      { operationId: "getTask", method: "GET", path, query: [] },
      { authorization: `apikey ${key.api_key}` },
    );
    if (answer.status !== 401 && answer.status !== 403)
      fail(b, `a key bound to other projects reads task ${id} → ${answer.status}`);
  }
};

const BASE_PROBES = {
  "links-followed": linksFollowed,
  "tasks-end": tasksEnd,
  "only-active": onlyActive,
  "filter-holds": filterHolds,
  pages,
  "change-persists": changePersists,
  "rules-applied": rulesApplied,
  "tags-merge": tagsMerge,
  "tags-null": tagsNull,
  "setting-stored": settingStored,
  "duplicate-refused": duplicateRefused,
  refused,
  "ordering-holds": orderingHolds,
  "relative-links": relativeLinks,
  "token-changes": tokenChanges,
  "revoke-applied": revokeApplied,
  "quota-fields": quotaFields,
  "vm-count": vmCount,
  auth,
  "scheme-case": schemeCase,
  "key-not-in-url": keyNotInUrl,
  scope,
  "scope-of-resource": scopeOfResource,
  "task-data": taskData,
} satisfies Partial<ProbeTable<ProbeName>>;

export const PROBES: ProbeTable<ProbeName> = { ...BASE_PROBES, ...SECURITY_GROUP_V2_PROBES, ...EDGE_PROBES };
