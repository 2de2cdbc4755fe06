// The probes of the v2 security-group update (src/operations/updateSecurityGroupV2/behaviours.ts). The update answers task ids
// only, so each probe stops the tenant's clock, sends a change, moves the clock on until its tasks end, polls
// them to FINISHED and reads the group through the v1 update without a body (which answers the whole group).
// Needs a sandbox's clock: on another target the probes check nothing.
import type { TenantControl } from "@cloud-contract/mock";
import { objectsOf, stringsOf } from "../json-fields.js";
import type { Behaviour } from "./behaviour.js";
import { groupOf, restoreGroup, ruleAsWanted } from "./group-state.js";
import type { WireRequest } from "./http.js";
import {
  fail,
  fresh,
  type Json,
  type Probe,
  same,
  sample,
  succeed,
  TASK_END_MS,
  withBody,
} from "./probe-kit.js";
import { fillPath } from "./samples.js";
import type { World } from "./world.js";

interface V2Group {
  world: World;
  b: Behaviour;
  control: TenantControl;
  /** The v1 update without a body: reads the group. */
  read: WireRequest;
  /** The v2 update of the same group. */
  v2: WireRequest;
  /** The group before the probe, as the v1 update answered it. */
  before: Json;
}

/** Sends a v2 change, ends its tasks and answers the group as it is then; a change that starts no task fails. */
async function applyV2({ world, b, control, read, v2 }: V2Group, change: Json | undefined): Promise<Json> {
  const tasks = stringsOf((await succeed(world, b, withBody(v2, change))).tasks);
  if (tasks.length === 0) fail(b, `${JSON.stringify(change)} started no task`);
  await control.clock.advance(TASK_END_MS);
  // Polled to their end, as the spec says to before relying on the new state.
  const getTask = world.operation("getTask");
  for (const id of tasks) {
    const path = fillPath(getTask, { task_id: id });
    const task = await succeed(world, b, { operationId: "getTask", method: "GET", path, query: [] });
    if (task.state !== "FINISHED") fail(b, `task ${id} is ${String(task.state)} an hour after it began`);
  }
  return succeed(world, b, read);
}

/**
 * Runs a probe on the sample's group with the tenant's clock stopped, then puts back its description, rules
 * (a rule removed comes back with a new id), name and user tags, whether the probe passed or not. The exchange
 * a failure was about stays the last.
 */
const onV2Group =
  (probe: (group: V2Group) => Promise<void>): Probe =>
  async (world, b) => {
    const control = world.control;
    if (!control) return;
    await control.clock.manual();
    // Tasks of earlier steps end first (clock past their end, then polled), or their change lands midway.
    await control.clock.advance(TASK_END_MS);
    await succeed(world, b, await sample(world, "listActiveTasks"));
    const read = withBody(await sample(world, "updateSecurityGroup"), undefined);
    const before = await succeed(world, b, read);
    const v2 = await sample(world, b.operationId);
    try {
      await probe({ world, b, control, read, v2, before });
    } finally {
      const last = world.last;
      const rules = objectsOf(before.security_group_rules).map(ruleAsWanted);
      await world.exchange(withBody(v2, { description: before.description, rules })).catch(() => undefined);
      await control.clock.advance(TASK_END_MS);
      await restoreGroup(world, read, groupOf(before)).catch(() => undefined);
      world.last = last;
    }
  };

/**
 * The change's name, description and tag show once its task has ended, the rules it left out kept; the same
 * change again, and no body, start no task.
 */
const groupV2Applied = onV2Group(async (group) => {
  const { world, b, v2, before } = group;
  const key = fresh("probe_");
  const change = { name: fresh("probe-"), description: fresh("probe "), tags: { [key]: "1" } };
  const after = await applyV2(group, change);
  const shown = {
    name: after.name,
    description: after.description,
    tags: { [key]: groupOf(after).user[key] },
  };
  if (!same(shown, change))
    fail(b, `${JSON.stringify(change)} shows as ${JSON.stringify(shown)} once its task ended`);
  if (!same(groupOf(after).rules, groupOf(before).rules))
    fail(b, `a change without rules left rules ${JSON.stringify(groupOf(after).rules)}`);
  for (const [what, request] of [
    ["the same change again", withBody(v2, change)],
    ["no body", withBody(v2, undefined)],
  ] as const) {
    const started = stringsOf((await succeed(world, b, request)).tasks);
    if (started.length > 0) fail(b, `${what} started tasks ${started.join(", ")}`);
  }
});

/**
 * `rules` is the whole set: the group's rules but the first given again, one new rule with a note, one
 * without and one with only a direction; afterwards the rules given again are as they were (ids included), the
 * first is gone, the new ones have the fields sent (no note: an empty one; only a direction: every matching
 * field null, ethertype IPv4). Then `[]` leaves no rule.
 */
const groupV2Rules = onV2Group(async (group) => {
  const { b, before } = group;
  const current = objectsOf(before.security_group_rules);
  const [left, ...kept] = current;
  const port = 20_000 + Math.floor(Math.random() * 40_000);
  const noted: Json = {
    direction: "ingress",
    ethertype: "IPv4",
    protocol: "tcp",
    port_range_min: port,
    port_range_max: port,
    remote_ip_prefix: "192.0.2.0/24",
    description: fresh("probe note "),
  };
  const bare: Json = {
    direction: "ingress",
    ethertype: "IPv4",
    protocol: "udp",
    port_range_min: port,
    port_range_max: port,
  };
  // Only a direction: every other matching field null (no restriction), ethertype IPv4.
  const open: Json = { direction: "ingress" };
  const rules = [...kept.map(ruleAsWanted), noted, bare, open];
  const after = objectsOf((await applyV2(group, { rules })).security_group_rules);
  const byId = new Map(after.map((r) => [String(r.id), r]));
  if (left !== undefined && byId.has(String(left.id)))
    fail(b, `rule ${String(left.id)}, left out of the set, is still there`);
  for (const rule of kept) {
    if (!same(byId.get(String(rule.id)), rule))
      fail(
        b,
        `rule ${String(rule.id)}, given again, became ${JSON.stringify(byId.get(String(rule.id)) ?? null)}`,
      );
  }
  const made = after.filter((r) => !current.some((c) => c.id === r.id));
  const shown: Array<[Json, Json]> = [
    [noted, noted],
    [bare, bare],
    [open, { ...open, ethertype: "IPv4" }],
  ];
  for (const [sent, shape] of shown) {
    const found = made.find((r) => (r.protocol ?? undefined) === sent.protocol);
    const { description: note, ...fields } = found === undefined ? {} : ruleAsWanted(found);
    const { description: sentNote, ...wanted } = shape;
    if (found === undefined || !same(fields, wanted))
      fail(b, `a new rule ${JSON.stringify(sent)} shows as ${JSON.stringify(found ?? null)}`);
    if ((note ?? "") !== (sentNote ?? ""))
      fail(
        b,
        `a new rule's note ${JSON.stringify(sentNote ?? null)} shows as ${JSON.stringify(note ?? null)}`,
      );
  }
  if (after.length !== rules.length) fail(b, `a set of ${rules.length} rules left ${after.length}`);
  const emptied = objectsOf((await applyV2(group, { rules: [] })).security_group_rules);
  if (emptied.length > 0) fail(b, `rules: [] left ${emptied.length} rules`);
});

/**
 * `tags` merge-patches the user tags: two set, then one removed and one set (the others untouched), then
 * `"tags": null` leaves no user tag; the read-only tags stay through all three.
 */
const groupV2Tags = onV2Group(async (group) => {
  const { b, before } = group;
  const [x, y, z] = [fresh("probe_a_"), fresh("probe_b_"), fresh("probe_c_")];
  const start = groupOf(before);
  const steps: Array<[Json, Record<string, string>]> = [];
  const first = { ...start.user, [x]: "1", [y]: "2" };
  steps.push([{ tags: { [x]: "1", [y]: "2" } }, first]);
  const { [y]: _, ...second } = { ...first, [z]: "3" };
  steps.push([{ tags: { [y]: null, [z]: "3" } }, second]);
  steps.push([{ tags: null }, {}]);
  for (const [change, expected] of steps) {
    const after = groupOf(await applyV2(group, change));
    if (!same(Object.entries(after.user).sort(), Object.entries(expected).sort()))
      fail(
        b,
        `${JSON.stringify(change)} left user tags ${JSON.stringify(after.user)}, not ${JSON.stringify(expected)}`,
      );
    if (!same(after.readOnly, start.readOnly))
      fail(
        b,
        `${JSON.stringify(change)} left read-only tags ${JSON.stringify(after.readOnly)}, not ${JSON.stringify(start.readOnly)}`,
      );
  }
});

export const SECURITY_GROUP_V2_PROBES = {
  "group-v2-applied": groupV2Applied,
  "group-v2-rules": groupV2Rules,
  "group-v2-tags": groupV2Tags,
} satisfies Record<string, Probe>;
