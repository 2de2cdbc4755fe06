// listResellerNotificationSettings: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, scopeStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";
import { SETTINGS } from "../sources.js";

export const behaviours: readonly Behaviour[] = [
  {
    id: "settings.ordering",
    operationId: "listResellerNotificationSettings",
    source: SETTINGS,
    statement: "the list is sorted by ordering (a leading - for descending)",
    probe: "ordering-holds",
    check: "filters-hold",
    brokenBy: "behaviour.listResellerNotificationSettings.ordering-ignored",
  },
  {
    id: "settings.relative-links",
    operationId: "listResellerNotificationSettings",
    source: SETTINGS,
    statement: "next and previous are relative URLs",
    probe: "relative-links",
    check: "pages-consistent",
    brokenBy: "behaviour.listResellerNotificationSettings.absolute-next",
  },
  {
    id: "settings.pages",
    operationId: "listResellerNotificationSettings",
    source: SETTINGS,
    statement: "one page at a time (limit, offset), with the count of all settings",
    probe: "pages",
    check: "pages-consistent",
    brokenBy: "behaviour.listResellerNotificationSettings.page-ignored",
  },
  {
    id: "settings.page-edges",
    operationId: "listResellerNotificationSettings",
    source: `${SETTINGS}, spec/components/schemas/ResellerNotificationSettingList.yaml next`,
    statement:
      "an offset at the count gives an empty page, the last offset one item, and the last page no next",
    probe: "page-edges",
    check: "pages-consistent",
    brokenBy: "pages.listResellerNotificationSettings.next-on-last-page",
  },
  scopeStatement(
    "listResellerNotificationSettings",
    "the settings listed are those of the reseller in the path",
    "scope.listResellerNotificationSettings.other-reseller-listed",
  ),
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt(
    "openapi.json#/paths/~1iam~1reselling~1resellers~1{resellerId}~1notification_settings/get/description",
    [
      [
        "Lists a reseller's notification settings — which address receives which notification type — one page at a time (`limit`, `offset`), sorted by `ordering`.",
        ["settings.pages", "settings.ordering", "scope.listResellerNotificationSettings"],
      ],
    ],
  ),
].flat();
