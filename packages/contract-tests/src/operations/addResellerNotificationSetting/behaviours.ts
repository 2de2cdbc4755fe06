// addResellerNotificationSetting: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, retryStatement, scopeStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";
import { SETTINGS } from "../sources.js";

export const behaviours: readonly Behaviour[] = [
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
    id: "settings.all-or-nothing",
    operationId: "addResellerNotificationSetting",
    source: `${SETTINGS}, packages/mock/README.md (What the sandbox does)`,
    statement: "a refused repeat of a setting stores nothing",
    probe: "setting-all-or-nothing",
    check: "all-or-nothing",
    brokenBy: "atomicity.addResellerNotificationSetting.duplicate-stored-anyway",
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
  scopeStatement(
    "addResellerNotificationSetting",
    "a setting is added to the reseller in the path",
    "scope.addResellerNotificationSetting.stored-for-other-reseller",
  ),
  retryStatement("addResellerNotificationSetting", "retry.addResellerNotificationSetting.503-applied"),
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1iam~1reselling~1resellers~1{resellerId}~1notification_settings/post/description",
    [
      ["Answers `201 Created` with the stored setting.", ["settings.stored", "settings.listed"]],
      [
        "An address gets each notification type once per reseller: adding a type the address already has (the address compared without regard to case) is refused with `400`.",
        ["settings.once-per-type", "settings.all-or-nothing"],
      ],
      [
        "The sandbox holds at most 10,000 settings per tenant (configurable); adding one beyond that is a `400` too.",
        "limit",
      ],
    ],
  ),
].flat();
