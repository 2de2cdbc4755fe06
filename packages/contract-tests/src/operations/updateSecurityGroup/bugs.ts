// updateSecurityGroup: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import {
  appliedOnRefusal,
  fixBody,
  forwardWith,
  leaking,
  noKeyAccepted,
  restatus,
  withoutHeader,
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import {
  type BugCall,
  defineBug as bug,
  isSuccess,
  rewriteRequest,
  rewriteStatus,
  rewriteSuccess,
} from "../../bugs/seeded-bug.js";
import { isObject, objectOf, objectsOf } from "../../json-fields.js";

/** The user tags of the group now, read by a call without a body (which changes nothing). */
async function userTagsOf(call: BugCall): Promise<string[]> {
  const answer = await forwardWith(call, undefined);
  return objectsOf(objectOf(answer.body).tags_v2)
    .filter((t) => t.read_only !== true)
    .map((t) => String(t.key));
}

/** Lower-cases, normalises or cuts every tag of a group change before it is stored. */
const changeTags = (change: (key: string, value: string) => [string, string]) =>
  rewriteRequest((call) => {
    const tags = objectOf(call.body).tags;
    if (!isObject(tags)) return;
    objectOf(call.body).tags = Object.fromEntries(
      Object.entries(tags).map(([k, v]) => (typeof v === "string" ? change(k, v) : [k, v])),
    );
  });

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.updateSecurityGroup.name-null",
    "the updated group's name is null",
    rewriteSuccess((b) => {
      b.name = null;
    }),
  ),
  bug(
    "status.updateSecurityGroup.other-method-404",
    "a method the group's path does not have is answered 404, without Allow",
    async (call) => {
      if (["PATCH", "HEAD", "OPTIONS"].includes(call.method)) return call.forward();
      return { status: 404, contentType: "application/json", body: { message: "Not found." } };
    },
  ),
  bug(
    "status.updateSecurityGroup.400-as-422",
    "a refused group change is answered 422, which is not documented",
    rewriteStatus(400, restatus(422)),
  ),
  bug("auth.updateSecurityGroup.no-key", "a group is changed without an Authorization header", noKeyAccepted),
  bug(
    "validation.updateSecurityGroup.any-content-type",
    "a JSON body is taken whatever Content-Type it is sent with",
    rewriteRequest((call) => call.headers.set("content-type", "application/json")),
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
    "fields.updateSecurityGroup.rule-of-other-group",
    "the group's first rule names another group as its security_group_id",
    rewriteSuccess((g) => {
      const rule = objectsOf(g.security_group_rules)[0];
      if (rule) rule.security_group_id = "7d1c2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
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
    "errors.updateSecurityGroup.error-shows-stack",
    "errors carry a stack frame with a file path",
    leaking("at applyRules (/srv/cloud/handlers/groups.js:212:17)"),
  ),
  bug(
    "retry.updateSecurityGroup.429-without-retry-after",
    "a 429 has no Retry-After",
    withoutHeader(429, "retry-after"),
  ),
];
