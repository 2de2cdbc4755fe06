// updateSecurityGroup: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, scopeStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

const GROUP = "spec/paths/cloud_v1_securitygroups_{project_id}_{region_id}_{group_id}.yaml";

export const behaviours: readonly Behaviour[] = [
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
    id: "security-group.rules-of-group",
    operationId: "updateSecurityGroup",
    source: "spec/components/schemas/SecurityGroupRuleDelete.yaml security_group_rule_id",
    statement: "the rules of a group belong to it: each names the group as security_group_id",
    probe: "group-fields",
    check: "fields-agree",
    brokenBy: "fields.updateSecurityGroup.rule-of-other-group",
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
  scopeStatement(
    "updateSecurityGroup",
    "the group changed is the one of the project and region in the path",
    "scope.updateSecurityGroup.other-region-answered",
  ),
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1securitygroups~1{project_id}~1{region_id}~1{group_id}/patch/description",
    [
      [
        "Changes a security group in one request and answers with the whole group as it is afterwards.",
        ["security-group.answer-is-after", "scope.updateSecurityGroup"],
      ],
      ["Every body field is optional; only what is present is applied:", ["security-group.answer-is-after"]],
      [
        "`changed_rules` adds rules (`action: create`) and removes rules by their ID (`action: delete`); rules that are not named stay unchanged.",
        ["security-group.rules"],
      ],
      [
        '`tags` is a JSON Merge Patch of the user tags: a string sets a tag, `null` removes it, keys left out are untouched, and `"tags": null` removes every user tag.',
        ["security-group.tags-merge", "security-group.tags-null"],
      ],
      [
        "Read-only tags set by the platform are always kept, as the `read_only: true` entries of `tags_v2` in the response show.",
        ["security-group.read-only-tags-kept"],
      ],
      [
        "A group holds at most 1,000 user tags in the sandbox (configurable); a change that leaves more, and more than before, is a 400 and changes nothing.",
        "limit",
      ],
      [
        'The sandbox answers it with a `Deprecation` header (RFC 9745) and a `Link` to the successor (`rel="successor-version"`).',
        "sandboxOnly",
      ],
    ],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1securitygroups~1{project_id}~1{region_id}~1{group_id}/patch/requestBody/description",
    [["Optional; without a body nothing changes.", ["security-group.answer-is-after"]]],
  ),
].flat();
