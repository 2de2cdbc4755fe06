// A security group as the probes compare it: its name, user tags, read-only tags and rule ids, read from the
// whole group an update answers; how a probe puts a group's name and user tags back afterwards; and a rule of
// the group as the v2 update takes it back.
import { objectOf, objectsOf } from "../json-fields.js";
import type { WireRequest } from "./http.js";
import { type Json, withBody } from "./probe-kit.js";
import type { World } from "./world.js";

export const groupOf = (body: Json) => {
  const tags = objectsOf(body.tags_v2).map((t) => ({
    key: String(t.key),
    value: String(t.value),
    read_only: t.read_only === true,
  }));
  const rules = objectsOf(body.security_group_rules);
  return {
    name: body.name,
    user: Object.fromEntries(tags.filter((t) => !t.read_only).map((t) => [t.key, t.value])),
    readOnly: tags
      .filter((t) => t.read_only)
      .map((t) => `${t.key}=${t.value}`)
      .sort(),
    rules: rules.map((r) => String(r.id)).sort(),
  };
};

export type Group = ReturnType<typeof groupOf>;

/** Puts the group's name and user tags back as `before` had them, through the v1 update `base`. */
export async function restoreGroup(world: World, base: WireRequest, before: Group) {
  const now = groupOf(objectOf((await world.exchange(withBody(base, undefined))).body));
  const added = Object.keys(now.user).filter((key) => !(key in before.user));
  const tags = { ...Object.fromEntries(added.map((key) => [key, null])), ...before.user };
  await world.exchange(withBody(base, { name: before.name, tags }));
}

/** The fields a v2 rule is given with, as a v1 answer shows them: the others are the service's own. */
const RULE_FIELDS = [
  "direction",
  "ethertype",
  "protocol",
  "port_range_min",
  "port_range_max",
  "remote_ip_prefix",
  "remote_group_id",
  "description",
] as const;

/** A rule of the group as the v2 update takes it back: its given fields, those null (or protocol any) left out. */
export const ruleAsWanted = (rule: Json): Json =>
  Object.fromEntries(
    RULE_FIELDS.filter(
      (f) => rule[f] !== null && rule[f] !== undefined && !(f === "protocol" && rule[f] === "any"),
    ).map((f) => [f, rule[f]]),
  );
